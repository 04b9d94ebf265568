import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { capReached, rateLimitFields } from '../../../src/rate-limit';

describe('rateLimitFields: the IETF RateLimit-Policy and RateLimit fields (draft-8 form)', () => {
  it('states the quota, window, remainder and reset of one named policy', () => {
    expect(
      rateLimitFields({ name: 'login', limit: 5, windowSeconds: 900, remaining: 0, resetSeconds: 840 }),
    ).to.deep.equal({
      'RateLimit-Policy': '"login"; q=5; w=900',
      RateLimit: '"login"; r=0; t=840',
    });
  });

  it('sends the key counted only as a partition key: 12 hex digits of its SHA-256, as base64', () => {
    const key = '203.0.113.7:admin';
    const hex = createHash('sha256').update(key).digest('hex').slice(0, 12);
    const fields = rateLimitFields({
      name: 'login',
      limit: 5,
      windowSeconds: 900,
      remaining: 0,
      resetSeconds: 1,
      key,
    });
    expect(fields['RateLimit-Policy']).to.equal(
      `"login"; q=5; w=900; pk=:${Buffer.from(hex).toString('base64')}:`,
    );
    expect(fields['RateLimit-Policy']).not.to.include('admin');
  });

  it('rounds fractions up and negatives to 0, and keeps a name a valid structured-field string', () => {
    const fields = rateLimitFields({
      name: 'a "b" \\ ñ\n',
      limit: 2.5,
      windowSeconds: 0.4,
      remaining: -1,
      resetSeconds: 1.2,
    });
    expect(fields).to.deep.equal({
      'RateLimit-Policy': '"a \\"b\\" \\\\ "; q=3; w=1',
      RateLimit: '"a \\"b\\" \\\\ "; r=0; t=2',
    });
  });

  it('capReached is a 429 with Retry-After: 1 and a one-second policy', () => {
    const exception = capReached('Too many', 'streams', 4);
    expect(exception.statusCode).to.equal(429);
    expect(exception.headers).to.deep.equal({
      'Retry-After': '1',
      'RateLimit-Policy': '"streams"; q=4; w=1',
      RateLimit: '"streams"; r=0; t=1',
    });
  });
});
