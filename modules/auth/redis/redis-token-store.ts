import type { RedisClient as Redis } from '../../../src/redis';
import { withRedis } from '../../../src/redis';
import { UnexpectedRotationOutcomeError } from '../auth-errors';
import type { AuthenticatedUser } from '../caller';
import { type NewSession, type RotationOutcome, TokenStore } from '../token-store';
import { DEFAULT_AUTH_PREFIX, type RedisAuthOptions } from './redis-auth-options';
import { CREATE_SESSION, END_SESSION, END_USER_SESSIONS, ROTATE } from './token-store-scripts';

type UserId = AuthenticatedUser['id'];

const OUTCOMES = new Set<unknown>(['rotated', 'reused', 'unknown'] satisfies RotationOutcome[]);

// Redis expiries are whole milliseconds; rounding up never ends a session early.
const milliseconds = (seconds: number) => Math.max(0, Math.ceil(seconds * 1000));

/**
 * Sessions and refresh-token state in Redis, shared by every instance: each step is one Lua
 * script, so of two instances rotating the same refresh token exactly one wins, and sessions
 * expire by Redis TTL. Same semantics as `InMemoryTokenStore`. Any Redis failure is a 503.
 * Needs a standalone Redis (or Sentinel): the scripts touch keys they compute, which Redis
 * Cluster refuses.
 * @example app.install('auth', { jwt, userProvider, store: new RedisTokenStore(redis) });
 */
export class RedisTokenStore extends TokenStore {
  private readonly sessionPrefix: string;
  private readonly indexPrefix: string;

  constructor(
    private readonly redis: Redis,
    options: RedisAuthOptions = {},
  ) {
    super();
    const prefix = options.prefix ?? DEFAULT_AUTH_PREFIX;
    this.sessionPrefix = `${prefix}session:`;
    this.indexPrefix = `${prefix}user-sessions:`;
  }

  /** {@inheritDoc TokenStore.createSession} */
  override async createSession({ sessionId, userId, refreshJti, ttl }: NewSession): Promise<void> {
    const keys = [this.sessionPrefix + sessionId, this.indexPrefix + userId];
    const args = [String(userId), refreshJti, milliseconds(ttl), sessionId, this.sessionPrefix];
    await withRedis(this.redis, () => CREATE_SESSION.run(this.redis, keys, args));
  }

  /** {@inheritDoc TokenStore.rotate} */
  override async rotate(
    sessionId: string,
    presentedJti: string,
    nextJti: string,
    ttl: number,
  ): Promise<RotationOutcome> {
    const key = this.sessionPrefix + sessionId;
    const args = [presentedJti, nextJti, milliseconds(ttl), sessionId];
    const outcome = await withRedis(this.redis, () => ROTATE.run(this.redis, [key], args));
    if (!OUTCOMES.has(outcome)) throw new UnexpectedRotationOutcomeError(outcome);
    return outcome as RotationOutcome;
  }

  /** {@inheritDoc TokenStore.isActive} */
  override async isActive(sessionId: string): Promise<boolean> {
    return (await withRedis(this.redis, () => this.redis.exists(this.sessionPrefix + sessionId))) === 1;
  }

  /** {@inheritDoc TokenStore.endSession} */
  override async endSession(sessionId: string): Promise<void> {
    const key = this.sessionPrefix + sessionId;
    await withRedis(this.redis, () => END_SESSION.run(this.redis, [key], [sessionId]));
  }

  /** {@inheritDoc TokenStore.endUserSessions} */
  override async endUserSessions(userId: UserId): Promise<void> {
    const key = this.indexPrefix + userId;
    await withRedis(this.redis, () => END_USER_SESSIONS.run(this.redis, [key], [this.sessionPrefix]));
  }
}
