import type { RedisClient } from '../../../src/redis';
import { LuaScript, withRedis } from '../../../src/redis';
import { claimToken, stillRunning } from './claims';
import { type IdempotencyClaim, IdempotencyStore, type StoredAnswer } from './idempotency-store';

/** Options of `RedisIdempotencyStore`. */
export interface RedisIdempotencyStoreOptions {
  /** Prepended to every key (default `trellis:idempotency:`). */
  prefix?: string;
}

interface Entry {
  fingerprint: string;
  /** The claiming request's token, while it runs. */
  token?: string;
  answer?: StoredAnswer;
}

// Each acts only on the claim of the request that holds it (its entry, byte for byte).
const RENEW = new LuaScript(
  'if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("PEXPIRE", KEYS[1], ARGV[2]) end return 0',
);
const RELEASE = new LuaScript(
  'if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) end return 0',
);
const COMPLETE = new LuaScript(
  'if redis.call("GET", KEYS[1]) == ARGV[1] then redis.call("SET", KEYS[1], ARGV[2], "PX", ARGV[3]) return 1 end return 0',
);
const running = (fingerprint: string, token: string) =>
  JSON.stringify({ fingerprint, token } satisfies Entry);

/**
 * Idempotency keys in Redis, for applications that share state there: a claim is one
 * `SET NX PX`, so of concurrent requests on any instance exactly one runs; Redis drops keys when
 * their time is up. A Redis failure is a 503, never a second run.
 * @example app.install('database', { url, idempotencyStore: new RedisIdempotencyStore(redis) });
 */
export class RedisIdempotencyStore extends IdempotencyStore {
  private readonly prefix: string;

  constructor(
    private readonly redis: RedisClient,
    options: RedisIdempotencyStoreOptions = {},
  ) {
    super();
    this.prefix = options.prefix ?? 'trellis:idempotency:';
  }

  override async begin(key: string, fingerprint: string, lockMs: number): Promise<IdempotencyClaim> {
    const token = claimToken();
    const entry = running(fingerprint, token);
    for (;;) {
      const set = await withRedis(this.redis, () =>
        this.redis.call('SET', this.prefix + key, entry, 'NX', 'PX', lockMs),
      );
      if (set === 'OK') {
        return { state: 'claimed', token };
      }
      const found = await withRedis(this.redis, () => this.redis.call('GET', this.prefix + key));
      // Gone between the two calls (its time was up): claim it again.
      if (typeof found !== 'string') continue;
      const held = JSON.parse(found) as Entry;
      return held.answer
        ? { state: 'done', fingerprint: held.fingerprint, answer: held.answer }
        : { state: 'running', fingerprint: held.fingerprint };
    }
  }

  override async complete(
    key: string,
    fingerprint: string,
    answer: StoredAnswer,
    ttlMs: number,
    token?: string,
  ): Promise<void> {
    const entry = JSON.stringify({ fingerprint, answer } satisfies Entry);
    if (token === undefined) {
      await withRedis(this.redis, () => this.redis.set(this.prefix + key, entry, 'PX', ttlMs));
      return;
    }
    const kept = await withRedis(this.redis, () =>
      COMPLETE.run(this.redis, [this.prefix + key], [running(fingerprint, token), entry, ttlMs]),
    );
    if (Number(kept) === 0) throw stillRunning();
  }

  override async renew(key: string, token: string | undefined, lockMs: number): Promise<boolean> {
    if (token === undefined) return false;
    // The fingerprint is part of the entry: read it back rather than ask the caller for it.
    const found = await withRedis(this.redis, () => this.redis.call('GET', this.prefix + key));
    if (typeof found !== 'string' || (JSON.parse(found) as Entry).token !== token) return false;
    const renewed = await withRedis(this.redis, () =>
      RENEW.run(this.redis, [this.prefix + key], [found, lockMs]),
    );
    return Number(renewed) === 1;
  }

  override async release(key: string, token?: string): Promise<void> {
    if (token === undefined) {
      await withRedis(this.redis, () => this.redis.call('DEL', this.prefix + key));
      return;
    }
    const found = await withRedis(this.redis, () => this.redis.call('GET', this.prefix + key));
    if (typeof found !== 'string' || (JSON.parse(found) as Entry).token !== token) return;
    await withRedis(this.redis, () => RELEASE.run(this.redis, [this.prefix + key], [found]));
  }
}
