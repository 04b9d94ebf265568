import { expect } from 'chai';
import { attemptLimit, clientAddress, rateLimit } from '../../../src';
import { expectThrowsCoded } from '../../support/expect-code';

describe('rateLimit options', () => {
  describe('when windowMs or max is not a positive integer', () => {
    it('throws a coded RangeError at creation, before any request', () => {
      for (const windowMs of [0, -1, 1.5, Number.NaN, 2 ** 31]) {
        expect(() => rateLimit({ windowMs, max: 5 })).to.throw(RangeError, /windowMs/);
        expectThrowsCoded(
          () => rateLimit({ windowMs, max: 5 }),
          RangeError,
          'TRELLIS_ERR_INVALID_RATE_LIMIT',
        );
      }
      for (const max of [0, -1, 2.5, Number.POSITIVE_INFINITY]) {
        expect(() => rateLimit({ windowMs: 1000, max })).to.throw(RangeError, /max/);
        expectThrowsCoded(
          () => attemptLimit({ windowMs: 1000, max }),
          RangeError,
          'TRELLIS_ERR_INVALID_RATE_LIMIT',
        );
      }
      const error = expectThrowsCoded(
        () => rateLimit({ windowMs: 0, max: 5 }),
        RangeError,
        'TRELLIS_ERR_INVALID_RATE_LIMIT',
      );
      expect(error.message).to.equal('rateLimit: windowMs must be an integer from 1 to 2147483647, got 0');
    });
  });

  describe('when valid', () => {
    it('gives a middleware with check and resetKey', () => {
      const limiter = rateLimit({ windowMs: 1000, max: 1 });
      expect(limiter).to.be.a('function').with.lengthOf(3);
      expect(limiter.check).to.be.a('function');
      expect(limiter.resetKey).to.be.a('function');
    });
  });
});

describe('clientAddress', () => {
  describe('when the engine resolved req.ip', () => {
    it('uses it rather than the socket address', () => {
      expect(
        clientAddress({ ip: '203.0.113.9', socket: { remoteAddress: '127.0.0.1' }, headers: {} }),
      ).to.equal('203.0.113.9');
    });
  });

  describe('when the request is a raw one without ip', () => {
    it('uses the socket address, and unknown when there is none', () => {
      expect(clientAddress({ socket: { remoteAddress: '192.0.2.4' }, headers: {} })).to.equal('192.0.2.4');
      expect(clientAddress({ socket: {}, headers: {} })).to.equal('unknown');
    });
  });

  describe('when the address is IPv6', () => {
    it('groups a /56 prefix as one client and unwraps IPv4-mapped addresses', () => {
      const a = clientAddress({ ip: '2001:db8:abcd:12ff:1::1', headers: {} });
      const b = clientAddress({ ip: '2001:db8:abcd:1200::9', headers: {} });
      expect(a).to.equal(b);
      expect(clientAddress({ ip: '2001:db8:abcd:1300::1', headers: {} })).not.to.equal(a);
      expect(clientAddress({ ip: '::ffff:127.0.0.1', headers: {} })).to.equal('127.0.0.1');
    });
  });
});
