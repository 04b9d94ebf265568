import type { Logger, Store } from 'express-rate-limit';
import type { RequestContext } from '../http/request-context';
import type { RateLimitRequest } from './client-address';

/** Computes the key a request is counted under; may be async. `ctx` is given only by `check(ctx)`. */
export type RateLimitKeyGenerator = (req: RateLimitRequest, ctx?: RequestContext) => string | Promise<string>;

/** Where counts live: express-rate-limit's `Store`, e.g. `new RedisStore({ sendCommand })` from rate-limit-redis. */
export type RateLimitStore = Store;

/** What express-rate-limit reports misconfigurations to (a pino logger fits). */
export type RateLimitLogger = Logger;

/** What `rateLimit` takes. */
export interface RateLimitOptions {
  /** Length of one window, in milliseconds. */
  windowMs: number;
  /** Requests one key may make per window; the next one gets a 429. */
  max: number;
  /**
   * Default: one in-memory store per limiter (counts are per process). Pass a shared store
   * (rate-limit-redis) so several instances count together; one store instance per limiter.
   */
  store?: RateLimitStore;
  /**
   * Default: {@link clientAddress}. A key built from the body (a username) must run after the
   * body is parsed: use the limiter's `check(ctx)` from a route, not `app.use`.
   */
  keyGenerator?: RateLimitKeyGenerator;
  /** The `message` of the 429 body. */
  message?: string;
  /** Default: the console. */
  logger?: RateLimitLogger;
}
