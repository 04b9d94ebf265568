import type { Redis } from 'ioredis';
import { closeRedisClient, createRedisClient } from '../../../src/redis';
import { withRedis } from '../../../src/redis/with-redis';
import { type RedisServer, startRedisServer } from '../../support/redis-server';

const POLL_MS = 25;

/** Resolves once `check` passes, polling; fails after `timeoutMs` with the last error. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() >= deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}

/** Waits until `client` answers a command again (after a Redis restart). */
export function reachable(client: Redis, timeoutMs = 5000): Promise<unknown> {
  return eventually(() => withRedis(client, () => client.ping()), timeoutMs);
}

/** How long `promise` took to settle, and how: the value or the error. */
export async function timed<T>(promise: Promise<T>): Promise<{ ms: number; value?: T; error?: unknown }> {
  const started = Date.now();
  try {
    const value = await promise;
    return { ms: Date.now() - started, value };
  } catch (error) {
    return { ms: Date.now() - started, error };
  }
}

/** A real redis-server with two connections to it, standing for two instances sharing one Redis. */
export interface SharedRedis {
  server: RedisServer;
  one: Redis;
  two: Redis;
}

/**
 * Registers the mocha hooks of a suite that runs against a shared Redis: the server and both
 * connections start before the suite and close after it; the data is flushed before each spec.
 * Read the fields inside hooks and specs, once `before` has filled them.
 */
export function sharedRedis(): SharedRedis {
  const shared = {} as SharedRedis;
  before(async () => {
    shared.server = await startRedisServer();
    shared.one = createRedisClient(shared.server.url);
    shared.two = createRedisClient(shared.server.url);
    await Promise.all([reachable(shared.one), reachable(shared.two)]);
  });
  beforeEach(() => shared.one.flushall());
  after(async () => {
    await Promise.all([closeRedisClient(shared.one), closeRedisClient(shared.two)]);
    await shared.server.close();
  });
  return shared;
}
