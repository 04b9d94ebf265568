import { expect } from 'chai';
import { RedisTokenDenyList, RedisTokenStore } from '../../modules/auth';
import { PostgresBroadcaster, RedisIdempotencyStore } from '../../modules/database';
import { createSharedState, REDIS_PREFIX } from '../../sample/shared-state';
import { LocalBroadcaster, RedisBroadcaster } from '../../src';
import { closeRedisClient, createRedisClient } from '../../src/redis';
import { reachable } from '../src/redis/redis-spec-helpers';
import { type RedisServer, startRedisServer } from '../support/redis-server';
import { SAMPLE_DATABASE, specConfig } from './support/sample-env';

describe('sample createSharedState', () => {
  it('without REDIS_URL, leaves sessions, the deny-list and idempotency keys to the database, fan-out to PostgreSQL or memory', async () => {
    const state = createSharedState(specConfig());
    expect(state.tokenStore).to.equal(undefined);
    expect(state.denyList).to.equal(undefined);
    expect(state.idempotencyStore).to.equal(undefined);
    expect(state.broadcaster).to.be.instanceOf(
      SAMPLE_DATABASE === 'postgres' ? PostgresBroadcaster : LocalBroadcaster,
    );
    expect(state.rateLimitStore('login')).to.equal(undefined);
    await state.close();
  });

  describe('with REDIS_URL', () => {
    let redis: RedisServer;
    before(async () => {
      redis = await startRedisServer();
    });
    after(() => redis.close());

    it('puts tokens, the deny-list, counters and fan-out in Redis, under the sample prefix', async () => {
      const state = createSharedState(specConfig({ REDIS_URL: redis.url }));
      const admin = createRedisClient(redis.url);
      try {
        expect(state.tokenStore).to.be.instanceOf(RedisTokenStore);
        expect(state.denyList).to.be.instanceOf(RedisTokenDenyList);
        expect(state.idempotencyStore).to.be.instanceOf(RedisIdempotencyStore);
        expect(state.broadcaster).to.be.instanceOf(RedisBroadcaster);
        const login = state.rateLimitStore('login');
        // express-rate-limit wants one store per limiter.
        expect(state.rateLimitStore('login')).to.not.equal(login);
        login?.init?.({ windowMs: 60_000 } as never);
        await login?.increment('client');
        await state.tokenStore!.createSession({ sessionId: 's1', userId: 1, refreshJti: 'r0', ttl: 60 });
        await state.denyList!.add('jti', Date.now() / 1000 + 60);
        await reachable(admin);
        expect((await admin.keys('*')).sort()).to.deep.equal(
          [
            `${REDIS_PREFIX}auth:denied:jti`,
            `${REDIS_PREFIX}auth:session:s1`,
            `${REDIS_PREFIX}auth:user-sessions:1`,
            `${REDIS_PREFIX}rate-limit:login:client`,
          ].sort(),
        );
      } finally {
        await closeRedisClient(admin);
        await state.close();
      }
    });

    it('closes its connections at once, even when Redis cannot be reached', async () => {
      await redis.stop();
      try {
        const state = createSharedState(specConfig({ REDIS_URL: redis.url }));
        const started = Date.now();
        await state.close();
        expect(Date.now() - started).to.be.below(1500);
      } finally {
        await redis.start();
      }
    });
  });
});
