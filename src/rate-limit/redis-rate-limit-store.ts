import type { RedisReply } from 'rate-limit-redis';
import { loadOptional } from '../optional';
import { LuaScript, type RedisClient as Redis, withRedis } from '../redis';
import type { RateLimitStore } from './rate-limit-options';

/** Options of `redisRateLimitStore`. */
export interface RedisRateLimitStoreOptions {
  /** Prepended to every counter key; default `'trellis:rate-limit:'`. Give each limiter its own. */
  prefix?: string;
}

const DEFAULT_PREFIX = 'trellis:rate-limit:';

/**
 * rate-limit-redis loads its scripts once, at start-up, and keeps the SHA1 promise: a Redis that
 * is down then, or restarts later without them, would fail every count from then on. Here
 * `SCRIPT LOAD` is answered locally with the SHA1 and `EVALSHA` falls back to `EVAL`, so the
 * store needs nothing at start-up and recovers from any restart. Failures are 503s.
 */
function sendCommandTo(redis: Redis) {
  const scripts = new Map<string, LuaScript>();
  return async (name: string, ...args: string[]): Promise<RedisReply> => {
    const command = name.toUpperCase();
    if (command === 'SCRIPT' && args[0]?.toUpperCase() === 'LOAD') {
      const script = new LuaScript(args[1]);
      scripts.set(script.sha, script);
      return script.sha;
    }
    const script = command === 'EVALSHA' ? scripts.get(args[0]) : undefined;
    if (script) {
      const keyCount = Number(args[1]);
      const keys = args.slice(2, 2 + keyCount);
      return withRedis(redis, () => script.run(redis, keys, args.slice(2 + keyCount))) as Promise<RedisReply>;
    }
    return withRedis(redis, () => redis.call(name, ...args)) as Promise<RedisReply>;
  };
}

/**
 * A rate-limit store in Redis (rate-limit-redis on an ioredis client): every instance counts
 * into the same windows, so a limit holds across all of them. While Redis is unreachable the
 * limiter answers 503 rather than let requests through uncounted. Make one per limiter.
 * @example
 * const redis = createRedisClient(process.env.REDIS_URL!);
 * app.use('/auth/login', rateLimit({ windowMs: 60_000, max: 5, store: redisRateLimitStore(redis, { prefix: 'rl:login:' }) }));
 */
export function redisRateLimitStore(redis: Redis, options: RedisRateLimitStoreOptions = {}): RateLimitStore {
  const { RedisStore } = loadOptional<typeof import('rate-limit-redis')>(
    'rate-limit-redis',
    'redisRateLimitStore()',
  );
  return new RedisStore({ prefix: options.prefix ?? DEFAULT_PREFIX, sendCommand: sendCommandTo(redis) });
}
