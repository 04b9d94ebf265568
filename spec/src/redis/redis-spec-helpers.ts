import type { Redis } from 'ioredis';
import { withRedis } from '../../../src/redis/with-redis';

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
