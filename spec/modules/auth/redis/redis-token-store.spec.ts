import { expect } from 'chai';
import type { Redis } from 'ioredis';
import { RedisTokenStore } from '../../../../modules/auth';
import { ServiceUnavailableException } from '../../../../src/errors/exceptions';
import { closeRedisClient, createRedisClient } from '../../../../src/redis';
import { reachable, timed } from '../../../src/redis/redis-spec-helpers';
import { type RedisServer, startRedisServer } from '../../../support/redis-server';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('auth: RedisTokenStore', () => {
  let server: RedisServer;
  // Two connections stand for two instances sharing one Redis.
  let one: Redis;
  let two: Redis;
  let store: RedisTokenStore;
  let other: RedisTokenStore;
  before(async () => {
    server = await startRedisServer();
    one = createRedisClient(server.url);
    two = createRedisClient(server.url);
    await Promise.all([reachable(one), reachable(two)]);
  });
  beforeEach(async () => {
    await one.flushall();
    store = new RedisTokenStore(one);
    other = new RedisTokenStore(two);
  });
  after(async () => {
    await Promise.all([closeRedisClient(one), closeRedisClient(two)]);
    await server.close();
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
    expect(await one.smembers('trellis:auth:user-sessions:ada')).to.deep.equal(['a3']);
    const keys = await one.keys('*');
    expect(keys).to.have.members(['trellis:auth:session:a3', 'trellis:auth:user-sessions:ada']);
    for (const key of keys) expect(await one.pttl(key), key).to.be.within(1, 30_000);
    await store.rotate('a3', 'a3-r0', 'a3-r1', 60);
    expect(await one.pttl('trellis:auth:user-sessions:ada')).to.be.above(30_000);
  });

  it('keeps applications apart by prefix', async () => {
    const elsewhere = new RedisTokenStore(one, { prefix: 'another-app:' });
    await start('s1');
    expect(await elsewhere.isActive('s1')).to.equal(false);
    expect(await elsewhere.rotate('s1', 's1-r0', 'x', 10)).to.equal('unknown');
    expect(await store.isActive('s1')).to.equal(true);
  });

  describe('when Redis is down', () => {
    afterEach(async () => {
      await server.start();
      await Promise.all([reachable(one), reachable(two)]);
    });

    it('every call fails fast with a 503, and works again once Redis is back', async () => {
      await server.stop();
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
      await server.start();
      await reachable(one);
      await start('s1');
      expect(await store.rotate('s1', 's1-r0', 's1-r1', 10)).to.equal('rotated');
    });
  });
});
