import type { RedisClient as Redis } from '../../../src/redis';
import { withRedis } from '../../../src/redis';
import { TokenDenyList } from '../token-deny-list';
import { DEFAULT_AUTH_PREFIX, type RedisAuthOptions } from './redis-auth-options';

/** Options of `RedisTokenDenyList`. */
export interface RedisTokenDenyListOptions extends RedisAuthOptions {
  /** Milliseconds since the epoch, to turn a token's `exp` into a TTL; default `Date.now`. */
  now?: () => number;
}

/**
 * Revoked access tokens in Redis, refused by every instance: one key per token that Redis drops
 * when the token would have expired anyway. Same semantics as `InMemoryTokenDenyList`. Any
 * Redis failure is a 503, so a token is never let through because the list could not be read.
 * @example app.install('auth', { jwt, userProvider, denyList: new RedisTokenDenyList(redis) });
 */
export class RedisTokenDenyList extends TokenDenyList {
  private readonly prefix: string;
  private readonly now: () => number;

  constructor(
    private readonly redis: Redis,
    options: RedisTokenDenyListOptions = {},
  ) {
    super();
    this.prefix = `${options.prefix ?? DEFAULT_AUTH_PREFIX}denied:`;
    this.now = options.now ?? Date.now;
  }

  /** {@inheritDoc TokenDenyList.add} */
  override async add(jti: string, exp: number): Promise<void> {
    const ttl = Math.ceil(exp * 1000 - this.now());
    // An expired token is refused by its signature check already: nothing to remember.
    if (ttl <= 0) return;
    await withRedis(this.redis, () => this.redis.set(this.prefix + jti, '1', 'PX', ttl));
  }

  /** {@inheritDoc TokenDenyList.has} */
  override async has(jti: string): Promise<boolean> {
    return (await withRedis(this.redis, () => this.redis.exists(this.prefix + jti))) === 1;
  }
}
