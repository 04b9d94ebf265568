import type { RateLimitStore } from '../../../src/rate-limit';

/** Limits on failed logins at the mounted `POST <prefix>/login`. */
export interface LoginLimitOptions {
  /** Length of one window, in milliseconds; default 15 minutes. */
  windowMs?: number;
  /** Failed logins per client and username per window; default 5. */
  max?: number;
  /** Failed logins per client across usernames per window; default 20. */
  clientMax?: number;
  /** Where the counts live; default in memory. `redisRateLimitStore`s count across instances. */
  stores?: { username?: RateLimitStore; client?: RateLimitStore };
}

/** What `install('auth', { routes })` takes besides `true`. */
export interface AuthRoutesOptions {
  /** Where the endpoints are mounted; default `'/auth'`. */
  prefix?: string;
  /** Limits on failed logins, or `false` for none; on by default. */
  loginLimit?: LoginLimitOptions | false;
}
