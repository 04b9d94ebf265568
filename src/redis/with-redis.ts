import type { RedisClient as Redis } from './redis-client';
import { RedisNotReadyError } from './redis-errors';
import { redisUnavailable } from './redis-unavailable';

const CONNECTING = new Set(['wait', 'connecting', 'connect']);

/**
 * Runs `command` on `client`, turning any failure into the 503 `ServiceUnavailableException`.
 * While the client is still connecting (start-up) it waits for it, at most one command timeout;
 * while it is reconnecting after an outage it fails at once rather than pile requests up.
 * @example has(jti) { return withRedis(this.redis, () => this.redis.exists(key)); }
 */
export async function withRedis<T>(client: Redis, command: () => Promise<T>): Promise<T> {
  if (client.status !== 'ready') await readyWithin(client, client.options.commandTimeout ?? 0);
  try {
    return await command();
  } catch (err) {
    throw redisUnavailable(err);
  }
}

function readyWithin(client: Redis, ms: number): Promise<void> {
  if (!CONNECTING.has(client.status))
    return Promise.reject(redisUnavailable(new RedisNotReadyError(`connection is ${client.status}`)));
  if (client.status === 'wait') client.connect().catch(() => {});
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      client.off('close', onClose);
      if (err) reject(redisUnavailable(err));
      else resolve();
    };
    const onReady = () => done();
    const onClose = () => done(new RedisNotReadyError('connection closed while connecting'));
    const timer = setTimeout(() => done(new RedisNotReadyError(`not ready within ${ms} ms`)), ms);
    client.once('ready', onReady);
    client.once('close', onClose);
  });
}
