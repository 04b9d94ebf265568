import type { Redis } from 'ioredis';

const DEFAULT_TIMEOUT_MS = 1000;

/**
 * Closes a client for good: politely (`QUIT`, so replies in flight arrive) when Redis answers,
 * at once when it does not, and never for longer than `timeoutMs`.
 * @example app.onClose(() => closeRedisClient(redis));
 */
export async function closeRedisClient(client: Redis, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<void> {
  if (client.status === 'end') return;
  if (client.status === 'ready') {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([client.quit().catch(() => {}), timeout]);
    clearTimeout(timer);
  }
  client.disconnect();
}
