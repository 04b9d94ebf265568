import { loadOptional } from '../optional';
import type { RedisClient as Redis } from './redis-client';
import { REDIS_CLIENT_DEFAULTS, type RedisClientOptions } from './redis-client-options';
import type { RedisNative } from './redis-native';

const FIRST_RECONNECT_DELAY_MS = 50;

/**
 * An ioredis client that fails fast and heals itself. Commands never wait in an offline queue:
 * while Redis is unreachable they fail at once (or within `commandTimeoutMs`), so requests
 * answer 503 instead of hanging, and none runs late, after its caller has given up. The client
 * reconnects forever with a capped backoff, and its `error` events are logged, never thrown.
 * @example
 * const redis = createRedisClient(process.env.REDIS_URL!, { logger: app.logger });
 * app.onClose(() => closeRedisClient(redis));
 */
export function createRedisClient(url: string, options: RedisClientOptions = {}): RedisNative {
  const settings = { ...REDIS_CLIENT_DEFAULTS, ...options };
  // ioredis is loaded by the apps that use Redis only, not at every start-up.
  const { Redis: RedisClient } = loadOptional<typeof import('ioredis')>('ioredis', 'createRedisClient()');
  const client = new RedisClient(url, {
    connectionName: settings.name,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // A command whose connection dropped is not sent again: its caller already had an error.
    autoResendUnfulfilledCommands: false,
    commandTimeout: settings.commandTimeoutMs,
    connectTimeout: settings.connectTimeoutMs,
    retryStrategy: (attempt) =>
      Math.min(FIRST_RECONNECT_DELAY_MS * 2 ** (attempt - 1), settings.maxReconnectDelayMs),
  });
  watchOutages(client, settings.name, options.logger);
  return client as unknown as RedisNative;
}

// Every failed reconnection emits 'error'; one line when Redis goes and one when it is back.
function watchOutages(client: Redis, name: string, logger: RedisClientOptions['logger']): void {
  let down = false;
  client.on('error', (err: Error) => {
    if (down) return;
    down = true;
    logger?.warn({ err, redis: name }, 'Redis unreachable: commands fail with 503 until it is back');
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    logger?.info({ redis: name }, 'Redis reachable again');
  });
}
