import { expect } from 'chai';
import type { Redis } from 'ioredis';
import { closeRedisClient, createRedisClient, isNoScriptError, LuaScript } from '../../../src/redis';
import { type RedisServer, startRedisServer } from '../../support/redis-server';
import { reachable } from './redis-spec-helpers';

describe('redis: LuaScript', () => {
  let server: RedisServer;
  let redis: Redis;
  before(async () => {
    server = await startRedisServer();
    redis = createRedisClient(server.url);
    await reachable(redis);
  });
  after(async () => {
    await closeRedisClient(redis);
    await server.close();
  });

  const increment = new LuaScript("return redis.call('INCRBY', KEYS[1], ARGV[1])");

  it('runs with its keys and arguments, by SHA1 once Redis knows it', async () => {
    expect(increment.sha).to.match(/^[0-9a-f]{40}$/);
    expect(await increment.run(redis, ['counter'], [2])).to.equal(2);
    expect(await redis.script('EXISTS', increment.sha)).to.deep.equal([1]);
    expect(await increment.run(redis, ['counter'], [3])).to.equal(5);
  });

  it('when Redis has forgotten it (a restart, SCRIPT FLUSH), sends it again and succeeds', async () => {
    await redis.script('FLUSH');
    expect(await increment.run(redis, ['counter'], [1])).to.equal(6);
  });

  it('lets script errors through, telling NOSCRIPT apart', async () => {
    const broken = new LuaScript("return redis.call('NOSUCHCOMMAND')");
    let caught: unknown;
    try {
      await broken.run(redis, [], []);
    } catch (err) {
      caught = err;
    }
    expect(caught).to.be.instanceOf(Error);
    expect(isNoScriptError(caught)).to.equal(false);
    expect(isNoScriptError(new Error('NOSCRIPT No matching script'))).to.equal(true);
  });
});
