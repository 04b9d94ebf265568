import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { SampleConfig } from './config';
import {
  type Broadcaster,
  closeRedisClient,
  createRedisClient,
  type FeedStore,
  type IdempotencyStore,
  LocalBroadcaster,
  MemoryFeedStore,
  PostgresBroadcaster,
  type RateLimitStore,
  RedisBroadcaster,
  RedisFeedStore,
  RedisIdempotencyStore,
  RedisTokenDenyList,
  RedisTokenStore,
  redisRateLimitStore,
  type TokenDenyList,
  type TokenStore,
} from './trellis';

/**
 * Everything that must be shared for several instances to act as one: sessions and refresh
 * tokens, revoked access tokens, rate-limit counters, WebSocket fan-out and the event feeds.
 */
export interface SharedState {
  /** Sessions and refresh tokens; undefined: the database's tables (durable, shared by instances on it). */
  tokenStore?: TokenStore;
  /** Logged-out access tokens; undefined: the database's table. */
  denyList?: TokenDenyList;
  /** Idempotency keys and answers; undefined: the database's table. */
  idempotencyStore?: IdempotencyStore;
  broadcaster: Broadcaster;
  /** The last events of each server-sent event feed (`/tasks/events`), replayed on reconnection; undefined: the database's tables. */
  feedStore?: FeedStore;
  /** A store for the limiter called `name`; `undefined` lets the limiter count in memory. */
  rateLimitStore(name: string): RateLimitStore | undefined;
  /** The Redis connections by name (none in memory), for readiness and metrics. */
  redisClients: Record<string, Redis>;
  /** Releases connections (Redis); called when the application closes. */
  close(): Promise<void>;
}

/** Every key and channel of the sample starts with this, so it can share a Redis with others. */
export const REDIS_PREFIX = 'trellis-sample:';

// Sessions, the deny-list and idempotency keys live in the database; fan-out and counters in memory.
function localState(): SharedState {
  return {
    broadcaster: new LocalBroadcaster(),
    feedStore: new MemoryFeedStore(),
    rateLimitStore: () => undefined,
    redisClients: {},
    close: async () => {},
  };
}

// Instances sharing PostgreSQL and no Redis: fan-out through LISTEN/NOTIFY, the feed in the
// database (durable, shared), sessions and idempotency keys there too; counters in memory.
function postgresState(url: string, logger?: Logger): SharedState {
  const broadcaster = new PostgresBroadcaster({ connectionString: url, logger });
  return {
    broadcaster,
    rateLimitStore: () => undefined,
    redisClients: {},
    close: () => broadcaster.close(),
  };
}

// Two connections per instance: one for commands and publishing, one held in subscriber mode.
function redisState(url: string, logger?: Logger): SharedState {
  const redis = createRedisClient(url, { name: 'trellis-sample', logger });
  const subscriber = createRedisClient(url, { name: 'trellis-sample:subscriber', logger });
  return {
    tokenStore: new RedisTokenStore(redis, { prefix: `${REDIS_PREFIX}auth:` }),
    denyList: new RedisTokenDenyList(redis, { prefix: `${REDIS_PREFIX}auth:` }),
    idempotencyStore: new RedisIdempotencyStore(redis, { prefix: `${REDIS_PREFIX}idempotency:` }),
    broadcaster: new RedisBroadcaster({ publisher: redis, subscriber, prefix: `${REDIS_PREFIX}ws:`, logger }),
    feedStore: new RedisFeedStore(redis, { prefix: `${REDIS_PREFIX}feed:` }),
    rateLimitStore: (name) => redisRateLimitStore(redis, { prefix: `${REDIS_PREFIX}rate-limit:${name}:` }),
    redisClients: { commands: redis, subscriber },
    close: async () => {
      await Promise.all([closeRedisClient(redis), closeRedisClient(subscriber)]);
    },
  };
}

/**
 * The one place that decides where shared state lives: the database (sessions, idempotency keys)
 * and memory (fan-out, counters) for one instance on SQLite; on PostgreSQL without Redis, fan-out
 * through LISTEN/NOTIFY and the event feed in the database; in Redis
 * when `REDIS_URL` is set, so that any number of instances act as one. Routes that need Redis
 * answer 503 while it is unreachable, and recover on their own when it is back.
 * @example const state = createSharedState(config, app.logger);
 */
export function createSharedState(config: SampleConfig, logger?: Logger): SharedState {
  if (config.redisUrl) return redisState(config.redisUrl, logger);
  return config.databaseFile === undefined ? postgresState(config.databaseUrl, logger) : localState();
}
