import { expect } from 'chai';
import type { Redis } from 'ioredis';
import request from 'supertest';
import { createApp, rateLimit, redisRateLimitStore } from '../../../src';
import type { EngineName } from '../../../src/engine/engine';
import { closeRedisClient, createRedisClient, REDIS_UNAVAILABLE_MESSAGE } from '../../../src/redis';
import { forEachEngine } from '../../support/engines';
import { rateLimitOf } from '../../support/rate-limit-fields';
import { type RedisServer, startRedisServer } from '../../support/redis-server';
import { type Served, serve } from '../../support/serve';
import { reachable, timed } from '../redis/redis-spec-helpers';
import { FreeController, LimitedController, recordingLogger, TOO_MANY } from './limited-app';

const MAX = 4;

describe('rate limit: redisRateLimitStore', () => {
  forEachEngine((engine) => {
    let server: RedisServer;
    let admin: Redis;
    const clients: Redis[] = [];
    const instances: Served[] = [];
    before(async () => {
      server = await startRedisServer();
      admin = createRedisClient(server.url);
    });
    beforeEach(async () => {
      await reachable(admin);
      await admin.flushall();
    });
    afterEach(async () => {
      await Promise.all(instances.splice(0).map((instance) => instance.close()));
      await Promise.all(clients.splice(0).map((client) => closeRedisClient(client)));
      await server.start();
    });
    after(async () => {
      await closeRedisClient(admin);
      await server.close();
    });

    /** One instance: its own app and its own Redis connection, limiting /limited to MAX a minute. */
    async function instance(name = engine): Promise<Served> {
      const redis = createRedisClient(server.url);
      clients.push(redis);
      const app = createApp({ engine: name as EngineName, controllers: [LimitedController, FreeController] });
      const store = redisRateLimitStore(redis, { prefix: 'spec:limited:' });
      app.use('/limited', rateLimit({ windowMs: 60_000, max: MAX, store, logger: recordingLogger() }));
      const served = await serve(app);
      instances.push(served);
      return served;
    }

    it('counts across instances: the limit holds for the sum of their requests', async () => {
      const [one, two] = [await instance(), await instance()];
      const remaining = async (url: string) =>
        rateLimitOf((await request(url).get('/limited').expect(200)).headers).remaining;
      expect(await remaining(one.url)).to.equal(3);
      expect(await remaining(two.url)).to.equal(2);
      await request(one.url).get('/limited').expect(200);
      expect(await remaining(two.url)).to.equal(0);
      const res = await request(one.url).get('/limited').expect(429);
      expect(res.body).to.deep.equal(TOO_MANY);
      expect(Number(res.headers['retry-after'])).to.be.within(1, 60);
      await request(two.url).get('/limited').expect(429);
      await request(two.url).get('/free').expect(200);
    });

    it('when Redis is down, answers 503 JSON at once (not 500, never uncounted), and recovers', async () => {
      const one = await instance();
      await request(one.url).get('/limited').expect(200);
      await server.stop();
      for (let i = 0; i < 3; i++) {
        const { ms, value } = await timed(request(one.url).get('/limited'));
        expect(value?.status).to.equal(503);
        expect(value?.body).to.deep.equal({
          statusCode: 503,
          error: 'Service Unavailable',
          message: REDIS_UNAVAILABLE_MESSAGE,
          code: 'SERVICE_UNAVAILABLE',
        });
        expect(ms).to.be.below(1500);
      }
      await request(one.url).get('/free').expect(200);
      // A restarted Redis has forgotten the counting script: the store loads it again.
      await server.start();
      await reachable(clients[0]);
      await request(one.url)
        .get('/limited')
        .expect(200)
        .expect((res) => expect(rateLimitOf(res.headers).remaining).to.equal(MAX - 1));
    });

    it('when the instance starts while Redis is down, counts as soon as Redis is up', async () => {
      await server.stop();
      const one = await instance();
      await request(one.url).get('/limited').expect(503);
      await server.start();
      await reachable(clients[0]);
      await request(one.url)
        .get('/limited')
        .expect(200)
        .expect((res) => expect(rateLimitOf(res.headers).remaining).to.equal(MAX - 1));
    });

    it('keeps limiters apart by prefix', async () => {
      const redis = admin;
      const a = redisRateLimitStore(redis, { prefix: 'a:' });
      const b = redisRateLimitStore(redis, { prefix: 'b:' });
      for (const store of [a, b]) store.init?.({ windowMs: 60_000 } as never);
      await a.increment('client');
      await a.increment('client');
      expect((await b.increment('client')).totalHits).to.equal(1);
      expect(await redis.get('a:client')).to.equal('2');
      await a.resetKey('client');
      expect(await redis.exists('a:client')).to.equal(0);
    });
  });
});
