import { createHash } from 'node:crypto';
import { TooManyRequestsException } from '../kernel';

/** One limit's state, as the IETF `RateLimit-Policy` and `RateLimit` fields state it. */
export interface RateLimitState {
  /** The policy's name (a structured-field string). */
  name: string;
  /** Requests (or attempts, or connections) the policy allows per window: its quota. */
  limit: number;
  /** The window, in seconds. */
  windowSeconds: number;
  /** What is left of the quota now. */
  remaining: number;
  /** Seconds until the quota is restored (the window's end). */
  resetSeconds: number;
  /** The key counted (a client, a client and username): sent only as a hash, its partition key. */
  key?: string;
}

// express-rate-limit's partition key: the first 12 hex digits of a SHA-256, as a byte sequence.
function partitionKey(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex').slice(0, 12);
  return Buffer.from(hex).toString('base64');
}

// A structured-field string holds printable ASCII; quotes and backslashes are escaped.
function sfString(text: string): string {
  return `"${text.replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '\\$&')}"`;
}

/**
 * The `RateLimit-Policy` and `RateLimit` fields of one limit, in the form express-rate-limit 8
 * sends as `draft-8` (draft-ietf-httpapi-ratelimit-headers-08):
 * `RateLimit-Policy: "login"; q=5; w=900; pk=:…:` and `RateLimit: "login"; r=0; t=840`.
 */
export function rateLimitFields(state: RateLimitState): Record<string, string> {
  const name = sfString(state.name);
  const pk = state.key === undefined ? '' : `; pk=:${partitionKey(state.key)}:`;
  const whole = (n: number) => Math.max(0, Math.ceil(n));
  return {
    'RateLimit-Policy': `${name}; q=${whole(state.limit)}; w=${whole(state.windowSeconds)}${pk}`,
    RateLimit: `${name}; r=${whole(state.remaining)}; t=${whole(state.resetSeconds)}`,
  };
}

/**
 * The 429 of a cap on things held open at once (connections, streams, logins in progress): no
 * window ends it, a place freeing does, so it says `Retry-After: 1` and a one-second policy.
 */
export function capReached(
  message: string,
  name: string,
  limit: number,
  headers: Record<string, string> = {},
): TooManyRequestsException {
  return new TooManyRequestsException(message, 1, {
    headers: {
      ...rateLimitFields({ name, limit, windowSeconds: 1, remaining: 0, resetSeconds: 1 }),
      ...headers,
    },
  });
}
