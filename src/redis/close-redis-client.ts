import { settlesWithin } from '../kernel';
import type { RedisClient as Redis } from './redis-client';

const DEFAULT_TIMEOUT_MS = 1000;
// Between two connection attempts there is no socket to close, and no 'end' will come.
const NO_SOCKET = new Set(['end', 'wait', 'reconnecting', 'close']);

// Read afresh after each await: the status moves on while we wait.
const statusOf = (client: Redis): string => client.status;

/**
 * Closes a client for good: politely (`QUIT`, so replies in flight arrive) when Redis answers,
 * at once when it does not, and never for longer than about `timeoutMs` per step.
 * @example app.onClose(() => closeRedisClient(redis));
 */
export async function closeRedisClient(client: Redis, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<void> {
  if (statusOf(client) === 'end') return;
  if (statusOf(client) === 'ready')
    await settlesWithin(
      client.quit().catch(() => {}),
      timeoutMs,
    );
  if (statusOf(client) === 'end') return;
  const ended = NO_SOCKET.has(statusOf(client))
    ? undefined
    : new Promise((resolve) => client.once('end', resolve));
  client.disconnect();
  if (ended) await settlesWithin(ended, timeoutMs);
}
