import type { RedisClient as Redis } from '../redis';
import type { HealthCheck } from './health-checks';

/**
 * A readiness check of a Redis client: up when it is connected and answers `PING` (a subscriber
 * connection answers it too, in its own shape). While it is reconnecting the check fails at
 * once, without sending anything.
 * @example app.health.addCheck('redis', redisHealthCheck(redis));
 */
export function redisHealthCheck(client: Redis): HealthCheck {
  return async () => {
    if (client.status !== 'ready') return false;
    await client.ping();
    return true;
  };
}
