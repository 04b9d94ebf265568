import type { Options } from 'express-rate-limit';
import { HTTPException, ServiceUnavailableException, TooManyRequestsException } from '../kernel';
import { expressRateLimit } from './express-rate-limit';
import { InvalidRateLimitError } from './rate-limit-errors';
import { rateLimitFields } from './rate-limit-fields';
import type { RateLimitStore } from './rate-limit-options';

/** What `attemptLimit` takes. */
export interface AttemptLimitOptions {
  /** Length of one window, in milliseconds. */
  windowMs: number;
  /** Attempts one key may have counted per window; once reached, every attempt is refused. */
  max: number;
  /** Default: in memory (per process). A `redisRateLimitStore` counts across instances. */
  store?: RateLimitStore;
  /** The `message` of the 429 body. */
  message?: string;
  /** The policy's name in the `RateLimit-Policy` and `RateLimit` fields; default `'<max>-in-<window>'`. */
  name?: string;
}

/**
 * Counts only the attempts that should count (failed logins, say). `take(key)` reserves one
 * attempt, or throws the 429 once `max` are counted in the window; `giveBack(key)` returns a
 * reserved attempt that turned out not to count (a success). Reserving first keeps parallel
 * attempts from slipping past the limit before any of them failed.
 */
export interface AttemptLimit {
  /** Reserves one attempt for `key`; throws a 429 (`Retry-After`, `RateLimit-Policy`, `RateLimit`) when the limit is reached. */
  take(key: string): Promise<void>;
  /** Returns an attempt `take` reserved, because it does not count. */
  giveBack(key: string): Promise<void>;
}

function unavailable(err: unknown): unknown {
  return err instanceof HTTPException
    ? err
    : new ServiceUnavailableException('Rate limit store unavailable', { cause: err });
}

/**
 * A limit on attempts that only some outcomes use up, over express-rate-limit's stores.
 * @example
 * const failures = attemptLimit({ windowMs: 15 * 60_000, max: 5 });
 * await failures.take(key);
 * try { const pair = await auth.login(u, p); await failures.giveBack(key); return pair; }
 * catch (err) { if (!isFailedLogin(err)) await failures.giveBack(key); throw err; }
 */
export function attemptLimit(options: AttemptLimitOptions): AttemptLimit {
  const { windowMs, max } = options;
  if (!Number.isInteger(windowMs) || windowMs < 1)
    throw new InvalidRateLimitError('attemptLimit', 'windowMs', 'a positive integer', windowMs);
  if (!Number.isSafeInteger(max) || max < 1)
    throw new InvalidRateLimitError('attemptLimit', 'max', 'a positive integer', max);
  const name = options.name ?? `${max}-in-${Math.ceil(windowMs / 1000)}sec`;
  let store: RateLimitStore | undefined;
  // The store is made by the first attempt: express-rate-limit loads on first use.
  const storeOf = (): RateLimitStore => {
    if (store) return store;
    store = options.store ?? new (expressRateLimit().MemoryStore)();
    void store.init?.({ windowMs } as Options);
    return store;
  };
  return {
    async take(key) {
      const counted = await Promise.resolve(storeOf().increment(key)).catch((err) => {
        throw unavailable(err);
      });
      if (counted.totalHits <= max) return;
      await Promise.resolve(storeOf().decrement(key)).catch(() => {});
      const reset = counted.resetTime ? counted.resetTime.getTime() - Date.now() : windowMs;
      const seconds = Math.max(1, Math.ceil(reset / 1000));
      throw new TooManyRequestsException(options.message, seconds, {
        headers: rateLimitFields({
          name,
          limit: max,
          windowSeconds: windowMs / 1000,
          remaining: 0,
          resetSeconds: seconds,
          key,
        }),
      });
    },
    async giveBack(key) {
      await Promise.resolve(storeOf().decrement(key)).catch((err) => {
        throw unavailable(err);
      });
    },
  };
}
