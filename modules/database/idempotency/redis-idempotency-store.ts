import type { RedisClient } from '../../../src/redis';
import { withRedis } from '../../../src/redis';
import { type IdempotencyClaim, IdempotencyStore, type StoredAnswer } from './idempotency-store';

/** Options of `RedisIdempotencyStore`. */
export interface RedisIdempotencyStoreOptions {
  /** Prepended to every key (default `trellis:idempotency:`). */
  prefix?: string;
}

interface Entry {
  fingerprint: string;
  answer?: StoredAnswer;
}

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
    const entry = JSON.stringify({ fingerprint } satisfies Entry);
    for (;;) {
      const set = await withRedis(this.redis, () =>
        this.redis.call('SET', this.prefix + key, entry, 'NX', 'PX', lockMs),
      );
      if (set === 'OK') {
        return { state: 'claimed' };
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
  ): Promise<void> {
    const entry = JSON.stringify({ fingerprint, answer } satisfies Entry);
    await withRedis(this.redis, () => this.redis.set(this.prefix + key, entry, 'PX', ttlMs));
  }

  override async release(key: string): Promise<void> {
    await withRedis(this.redis, () => this.redis.call('DEL', this.prefix + key));
  }
}
