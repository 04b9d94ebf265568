import { expect } from 'chai';

/** The IETF `RateLimit-Policy` and `RateLimit` fields of an answer, read back (express-rate-limit's draft-8 form). */
export interface ReadRateLimit {
  name: string;
  /** The quota (`q`). */
  limit: number;
  /** The window in seconds (`w`). */
  window: number;
  /** What is left (`r`). */
  remaining: number;
  /** Seconds to reset (`t`). */
  reset: number;
}

/** Reads the two fields of `headers` (lower-cased names, as supertest gives them); fails the spec when absent or malformed. */
export function rateLimitOf(headers: Record<string, unknown>): ReadRateLimit {
  const policy = String(headers['ratelimit-policy'] ?? '');
  const state = String(headers.ratelimit ?? '');
  const policyMatch = /^"([^"]*)"; q=(\d+); w=(\d+)(; pk=:[A-Za-z0-9+/=]+:)?$/.exec(policy);
  const stateMatch = /^"([^"]*)"; r=(\d+); t=(\d+)$/.exec(state);
  expect(policyMatch, `RateLimit-Policy: ${policy}`).to.not.equal(null);
  expect(stateMatch, `RateLimit: ${state}`).to.not.equal(null);
  expect(stateMatch![1], 'one policy names both fields').to.equal(policyMatch![1]);
  return {
    name: policyMatch![1]!,
    limit: Number(policyMatch![2]),
    window: Number(policyMatch![3]),
    remaining: Number(stateMatch![2]),
    reset: Number(stateMatch![3]),
  };
}
