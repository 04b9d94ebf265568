import { expect } from 'chai';
import { RedisTokenDenyList } from '../../../../modules/auth';
import { ServiceUnavailableException } from '../../../../src/kernel/errors/exceptions';
import { reachable, sharedRedis, timed } from '../../../src/redis/redis-spec-helpers';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const inSeconds = (seconds: number) => (Date.now() + seconds * 1000) / 1000;

describe('auth: RedisTokenDenyList', () => {
  // Two connections stand for two instances sharing one Redis.
  const redis = sharedRedis();
  let list: RedisTokenDenyList;
  let other: RedisTokenDenyList;
  beforeEach(() => {
    list = new RedisTokenDenyList(redis.one);
    other = new RedisTokenDenyList(redis.two);
  });

  it('refuses a token on every instance once one instance adds it', async () => {
    expect(await other.has('jti-1')).to.equal(false);
    await list.add('jti-1', inSeconds(60));
    expect(await other.has('jti-1')).to.equal(true);
    expect(await other.has('jti-2')).to.equal(false);
  });

  it('forgets a token when it would have expired anyway', async () => {
    await list.add('jti-1', inSeconds(0.3));
    const ttl = await redis.one.pttl('trellis:auth:denied:jti-1');
    expect(ttl).to.be.within(1, 300);
    expect(await other.has('jti-1')).to.equal(true);
    await sleep(400);
    expect(await other.has('jti-1')).to.equal(false);
  });

  it('stores nothing for a token already expired', async () => {
    await list.add('old', inSeconds(-5));
    expect(await list.has('old')).to.equal(false);
    expect(await redis.one.dbsize()).to.equal(0);
  });

  it('computes the expiry with its clock option', async () => {
    const late = new RedisTokenDenyList(redis.one, { now: () => Date.now() + 50_000 });
    await late.add('jti-1', inSeconds(60));
    expect(await redis.one.pttl('trellis:auth:denied:jti-1')).to.be.within(9_000, 10_000);
  });

  it('keeps applications apart by prefix', async () => {
    await list.add('jti-1', inSeconds(60));
    expect(await new RedisTokenDenyList(redis.one, { prefix: 'another-app:' }).has('jti-1')).to.equal(false);
  });

  it('when Redis is down, fails fast with a 503 (never lets a token through), and recovers', async () => {
    await list.add('jti-1', inSeconds(60));
    await redis.server.stop();
    try {
      const calls: (() => Promise<unknown>)[] = [
        () => list.has('jti-1'),
        () => list.add('jti-2', inSeconds(60)),
      ];
      for (const call of calls) {
        const { ms, error } = await timed(call());
        expect(error).to.be.instanceOf(ServiceUnavailableException);
        expect(ms).to.be.below(1500);
      }
    } finally {
      await redis.server.start();
    }
    await reachable(redis.one);
    // The restarted Redis kept nothing (no persistence in specs): the list works again.
    await list.add('jti-2', inSeconds(60));
    expect(await other.has('jti-2')).to.equal(true);
  });
});
