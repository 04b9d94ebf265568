import type { Logger } from 'pino';

/** How a Redis client made by `createRedisClient` fails and recovers. */
export interface RedisClientOptions {
  /** The connection's name in `CLIENT LIST` and in log lines; default `'trellis'`. */
  name?: string;
  /** Where outages and recoveries are reported (one line each, not one per retry). */
  logger?: Logger;
  /** A command without a reply within this many milliseconds fails; default 1000. */
  commandTimeoutMs?: number;
  /** A connection attempt that has not completed within this many milliseconds is dropped; default 2000. */
  connectTimeoutMs?: number;
  /** The longest pause between two reconnection attempts, in milliseconds; default 2000. */
  maxReconnectDelayMs?: number;
}

/** The defaults of `RedisClientOptions`. */
export const REDIS_CLIENT_DEFAULTS = {
  name: 'trellis',
  commandTimeoutMs: 1000,
  connectTimeoutMs: 2000,
  maxReconnectDelayMs: 2000,
} as const;
