import { expect } from 'chai';
import { createError, TrellisError } from '../../../index';
import { locatedError, trellisError } from '../../../src/kernel/errors/trellis-errors';

describe('createError()', () => {
  const OutOfRange = createError(
    'ACME_ERR_OUT_OF_RANGE',
    (name: string, value: number) => `${name} must be from 1 to 10, got ${value}`,
    500,
    RangeError,
  );

  describe('a class made with a base class', () => {
    const error = new OutOfRange('retries', 11);

    it('keeps the base class, and is an instance of its own', () => {
      expect(error).to.be.instanceOf(RangeError).and.instanceOf(Error).and.instanceOf(OutOfRange);
      expect(error).not.to.be.instanceOf(TypeError);
      expect(new TypeError('x')).not.to.be.instanceOf(OutOfRange);
      expect(error.name).to.equal('RangeError');
    });

    it('carries its code, as an own property and on the class', () => {
      expect(error.code).to.equal('ACME_ERR_OUT_OF_RANGE');
      expect(Object.keys(error)).to.include('code');
      expect(OutOfRange.code).to.equal('ACME_ERR_OUT_OF_RANGE');
      expect(OutOfRange.name).to.equal('ACME_ERR_OUT_OF_RANGE');
    });

    it('builds its message from the template and the arguments', () => {
      expect(error.message).to.equal('retries must be from 1 to 10, got 11');
      expect(new OutOfRange('delay', 0).message).to.equal('delay must be from 1 to 10, got 0');
    });

    it('carries its status', () => {
      expect(error.statusCode).to.equal(500);
    });

    it('names the code in the first line of the stack and in toString()', () => {
      expect(error.stack?.split('\n')[0]).to.equal(
        'RangeError [ACME_ERR_OUT_OF_RANGE]: retries must be from 1 to 10, got 11',
      );
      expect(error.stack).to.include('create-error.spec');
      expect(String(error)).to.equal(
        'RangeError [ACME_ERR_OUT_OF_RANGE]: retries must be from 1 to 10, got 11',
      );
    });

    it('is told from other classes by instanceof, even with the same base', () => {
      const Other = createError('ACME_ERR_OTHER', 'other', undefined, RangeError);
      expect(new Other()).not.to.be.instanceOf(OutOfRange);
      expect(error).not.to.be.instanceOf(Other);
    });
  });

  describe('a class made without base class or status', () => {
    const Plain = createError('ACME_ERR_PLAIN', 'Something is wrong');

    it('is an Error with a fixed message and no status', () => {
      const error = new Plain();
      expect(error).to.be.instanceOf(Error).and.instanceOf(Plain);
      expect(error).not.to.be.instanceOf(TypeError);
      expect(error.name).to.equal('Error');
      expect(error.message).to.equal('Something is wrong');
      expect(error.statusCode).to.equal(undefined);
      expect('statusCode' in error).to.equal(false);
    });
  });

  describe('given what it cannot use', () => {
    it('refuses a code that is not UPPER_SNAKE_CASE with a prefix, with its own coded TypeError', () => {
      for (const code of ['', 'lower_case', 'NOPREFIX', 'ACME_ERR_', 'ACME-ERR-X']) {
        let thrown: unknown;
        try {
          createError(code, 'message');
        } catch (err) {
          thrown = err;
        }
        expect(thrown, code).to.be.instanceOf(TypeError);
        expect((thrown as { code?: string }).code).to.equal('TRELLIS_ERR_INVALID_ERROR_CODE');
      }
    });

    it('refuses a status outside 100-599, with its own coded RangeError', () => {
      for (const status of [99, 600, 404.5, Number.NaN]) {
        let thrown: unknown;
        try {
          createError('ACME_ERR_X', 'message', status);
        } catch (err) {
          thrown = err;
        }
        expect(thrown, String(status)).to.be.instanceOf(RangeError);
        expect((thrown as { code?: string }).code).to.equal('TRELLIS_ERR_INVALID_ERROR_STATUS');
      }
    });
  });
});

describe('locatedError()', () => {
  it('puts where in front of a TrellisError, keeping its code', () => {
    const located = locatedError(trellisError('TRELLIS_ERR_AFTER_READY', 'use()'), 'Tasks.list');
    expect(located).to.be.instanceOf(TrellisError);
    expect((located as TrellisError).code).to.equal('TRELLIS_ERR_AFTER_READY');
    expect(located.message).to.equal('Tasks.list: use() must be called before ready()');
  });

  it("gives a library's uncoded error a code, its message unchanged behind where, the original as cause", () => {
    const original = new Error('Names must match /^[_a-zA-Z][_a-zA-Z0-9]*$/');
    const located = locatedError(original, 'Tasks.list');
    expect(located).to.be.instanceOf(Error);
    expect((located as Error & { code?: string }).code).to.equal('TRELLIS_ERR_COMPILE_FAILED');
    expect(located.message).to.equal('Tasks.list: Names must match /^[_a-zA-Z][_a-zA-Z0-9]*$/');
    expect(located.cause).to.equal(original);
  });
});
