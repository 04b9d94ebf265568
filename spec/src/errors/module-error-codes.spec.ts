import { expect } from 'chai';
import { createApp, createError, defineModule, TRELLIS_ERRORS, TrellisError } from '../../../index';
import { RBAC_ERRORS, rbacError } from '../../../modules/rbac/rbac-errors';
import { KERNEL_ERRORS } from '../../../src/kernel/errors/trellis-errors';
import { expectThrowsCoded } from '../../support/expect-code';

interface CacheOptions {
  ttlSeconds: number;
}

// A user-written module with a code of its own, defined beside it as the built-in modules do.
const InvalidTtlError = createError(
  'SPEC_ERR_INVALID_TTL',
  (ttl: number) => `spec-cache: ttlSeconds must be a positive number, got ${ttl}`,
  undefined,
  RangeError,
);

const cacheModule = defineModule<CacheOptions>({
  name: 'spec-coded-cache',
  install(_app, { ttlSeconds }) {
    if (!(ttlSeconds > 0)) throw new InvalidTtlError(ttlSeconds);
  },
});

describe('a module adding its own error codes', () => {
  it('fails with its own code, keeping the class it chose, without the kernel knowing the code', () => {
    const app = createApp({});
    const error = expectThrowsCoded(
      () => app.install(cacheModule, { ttlSeconds: -5 }),
      RangeError,
      'SPEC_ERR_INVALID_TTL',
    );
    expect(error.message).to.equal('spec-cache: ttlSeconds must be a positive number, got -5');
    expect(Object.keys(KERNEL_ERRORS)).not.to.include('SPEC_ERR_INVALID_TTL');
    expect(() => createApp({}).install(cacheModule, { ttlSeconds: 60 })).not.to.throw();
  });

  it('as rbac does: its codes are its own, built by its factory, and TRELLIS_ERRORS gathers them', () => {
    const error = rbacError('TRELLIS_ERR_UNKNOWN_ROLE', 'owner', 'member, admin');
    expect(error).to.be.instanceOf(TrellisError);
    expect(error.code).to.equal('TRELLIS_ERR_UNKNOWN_ROLE');
    expect(error.message).to.equal("rbac: unknown role 'owner' (known roles: member, admin)");
    expect(TRELLIS_ERRORS.TRELLIS_ERR_UNKNOWN_ROLE).to.equal(RBAC_ERRORS.TRELLIS_ERR_UNKNOWN_ROLE);
    expect(KERNEL_ERRORS).not.to.have.property('TRELLIS_ERR_UNKNOWN_ROLE');
  });
});
