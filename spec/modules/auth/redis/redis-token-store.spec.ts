import { expect } from 'chai';
import { RedisTokenStore } from '../../../../modules/auth';
import { ServiceUnavailableException } from '../../../../src/kernel/errors/exceptions';
import { reachable, sharedRedis, timed } from '../../../src/redis/redis-spec-helpers';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('auth: RedisTokenStore', () => {
  // Two connections stand for two instances sharing one Redis.
  const redis = sharedRedis();
  let store: RedisTokenStore;
  let other: RedisTokenStore;
  beforeEach(() => {
    store = new RedisTokenStore(redis.one);
    other = new RedisTokenStore(redis.two);
  });
  const start = (sessionId: string, userId: string | number = 'u1', ttl = 10) =>
    store.createSession({ sessionId, userId, refreshJti: `${sessionId}-r0`, ttl });

  it('when the presented token is current, it rotates and keeps the session alive, on every instance', async () => {
    await start('s1');
    expect(await other.rotate('s1', 's1-r0', 's1-r1', 10)).to.equal('rotated');
    expect(await store.rotate('s1', 's1-r1', 's1-r2', 10)).to.equal('rotated');
    expect(await other.isActive('s1')).to.equal(true);
  });

  it('when a rotated token is presented again, it answers reused and ends the session everywhere', async () => {
    await start('s1');
    await store.rotate('s1', 's1-r0', 's1-r1', 10);
    expect(await other.rotate('s1', 's1-r0', 's1-x', 10)).to.equal('reused');
    expect(await store.isActive('s1')).to.equal(false);
    expect(await store.rotate('s1', 's1-r1', 's1-r2', 10)).to.equal('unknown');
  });

  it('when two instances race to rotate one token, exactly one is rotated, round after round', async () => {
    for (let round = 0; round < 25; round++) {
      const sid = `race-${round}`;
      await start(sid);
      const outcomes = await Promise.all([
        store.rotate(sid, `${sid}-r0`, 'a', 10),
        other.rotate(sid, `${sid}-r0`, 'b', 10),
        other.rotate(sid, `${sid}-r0`, 'c', 10),
      ]);
      expect(
        outcomes.filter((outcome) => outcome === 'rotated'),
        `round ${round}`,
      ).to.have.length(1);
    }
  });

  it('when the session outlives its ttl without a refresh, Redis drops it', async () => {
    await start('s1', 'u1', 0.3);
    await sleep(150);
    expect(await store.rotate('s1', 's1-r0', 's1-r1', 0.3)).to.equal('rotated');
    await sleep(200);
    expect(await store.isActive('s1')).to.equal(true);
    await sleep(200);
    expect(await store.isActive('s1')).to.equal(false);
    expect(await store.rotate('s1', 's1-r1', 's1-r2', 10)).to.equal('unknown');
  });

  it('ends one session, or every session of one user, on every instance', async () => {
    await start('a1', 'ada');
    await start('a2', 'ada');
    await start('g1', 'grace');
    await other.endSession('a1');
    expect(await store.isActive('a1')).to.equal(false);
    expect(await store.isActive('a2')).to.equal(true);
    await other.endUserSessions('ada');
    expect(await store.isActive('a2')).to.equal(false);
    expect(await store.isActive('g1')).to.equal(true);
    await store.endSession('unknown');
    await store.endUserSessions('nobody');
  });

  it('keeps numeric and string user ids, as the in-memory store does', async () => {
    await start('n1', 42);
    await store.endUserSessions(42);
    expect(await store.isActive('n1')).to.equal(false);
  });

  it('does not grow without bound: every key expires, and ended or expired sessions leave the user index', async () => {
    await start('a1', 'ada', 0.2);
    await start('a2', 'ada', 30);
    await store.endSession('a2');
    await sleep(300);
    await start('a3', 'ada', 30);
    expect(await redis.one.smembers('trellis:auth:user-sessions:ada')).to.deep.equal(['a3']);
    const keys = await redis.one.keys('*');
    expect(keys).to.have.members(['trellis:auth:session:a3', 'trellis:auth:user-sessions:ada']);
    for (const key of keys) expect(await redis.one.pttl(key), key).to.be.within(1, 30_000);
    await store.rotate('a3', 'a3-r0', 'a3-r1', 60);
    expect(await redis.one.pttl('trellis:auth:user-sessions:ada')).to.be.above(30_000);
  });

  it('keeps applications apart by prefix', async () => {
    const elsewhere = new RedisTokenStore(redis.one, { prefix: 'another-app:' });
    await start('s1');
    expect(await elsewhere.isActive('s1')).to.equal(false);
    expect(await elsewhere.rotate('s1', 's1-r0', 'x', 10)).to.equal('unknown');
    expect(await store.isActive('s1')).to.equal(true);
  });

  describe('when Redis is down', () => {
    afterEach(async () => {
      await redis.server.start();
      await Promise.all([reachable(redis.one), reachable(redis.two)]);
    });

    it('every call fails fast with a 503, and works again once Redis is back', async () => {
      await redis.server.stop();
      const calls: (() => Promise<unknown>)[] = [
        () => start('s1'),
        () => store.rotate('s1', 's1-r0', 'x', 10),
        () => store.isActive('s1'),
        () => store.endSession('s1'),
        () => store.endUserSessions('u1'),
      ];
      for (const call of calls) {
        const { ms, error } = await timed(call());
        expect(error).to.be.instanceOf(ServiceUnavailableException);
        expect(ms).to.be.below(1500);
      }
      await redis.server.start();
      await reachable(redis.one);
      await start('s1');
      expect(await store.rotate('s1', 's1-r0', 's1-r1', 10)).to.equal('rotated');
    });
  });
});
