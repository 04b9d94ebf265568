import { createHash } from 'node:crypto';
import type { RedisClient as Redis } from './redis-client';

/** Whether Redis answered that it does not know a script (it restarted, or its cache was flushed). */
export function isNoScriptError(err: unknown): boolean {
  return err instanceof Error && err.message.startsWith('NOSCRIPT');
}

/**
 * A Lua script run by its SHA1, sent in full only when Redis does not know it: after a restart
 * the first call reloads it, so a store recovers without any set-up step.
 * @example const rotate = new LuaScript('return redis.call("GET", KEYS[1])'); await rotate.run(redis, [key], []);
 */
export class LuaScript {
  /** The SHA1 Redis knows the script by. */
  readonly sha: string;

  constructor(readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  /** Runs the script atomically with `keys` (KEYS) and `args` (ARGV). */
  async run(client: Redis, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    try {
      return await client.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (err) {
      if (!isNoScriptError(err)) throw err;
      return client.eval(this.source, keys.length, ...keys, ...args);
    }
  }
}
