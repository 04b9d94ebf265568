import { expect } from 'chai';
import request from 'supertest';
import { REDIS_UNAVAILABLE_MESSAGE } from '../../../src/redis';
import { eventually } from '../../src/redis/redis-spec-helpers';
import { refusal, TestClient, wsUrl } from '../../src/websocket/support/ws-client';
import { forEachEngine } from '../../support/engines';
import { type RedisServer, startRedisServer } from '../../support/redis-server';
import { startTwoInstances, type TwoInstances } from './two-instances';

// Bounded failure: while Redis is down, an answer comes well within this.
const FAIL_FAST_MS = 1500;
const UNAVAILABLE = {
  statusCode: 503,
  error: 'Service Unavailable',
  message: REDIS_UNAVAILABLE_MESSAGE,
  code: 'SERVICE_UNAVAILABLE',
};

describe('sample scale-out: Redis stopped and restarted', () => {
  forEachEngine((engine) => {
    let redis: RedisServer;
    let sample: TwoInstances;
    const sockets: TestClient[] = [];
    before(async () => {
      redis = await startRedisServer();
      sample = await startTwoInstances(engine, redis);
    });
    after(async () => {
      for (const socket of sockets) socket.socket.terminate();
      await sample?.close();
      await redis.close();
    });

    const chat = async (url: string, accessToken: string, username: string) => {
      const client = await TestClient.connect(`${wsUrl(url, '/chat')}?token=${accessToken}`);
      sockets.push(client);
      expect(await client.next()).to.deep.equal({ type: 'welcome', username });
      return client;
    };

    it('answers 503 JSON quickly while Redis is down, keeps serving what needs no Redis, and recovers by itself', async () => {
      const { accessToken, refreshToken } = await sample.login(sample.one, 'developer');
      const ada = await chat(sample.one.url, accessToken, 'developer');
      const eve = await chat(
        sample.one.url,
        (await sample.login(sample.one, 'manager')).accessToken,
        'manager',
      );

      await redis.stop();
      const bearer = { type: 'bearer' } as const;
      for (const instance of [sample.one, sample.two]) {
        const calls = {
          login: () =>
            request(instance.url)
              .post('/auth/login')
              .send({ username: 'viewer', password: 'not-the-password' }),
          me: () => request(instance.url).get('/auth/me').auth(accessToken, bearer),
          refresh: () => request(instance.url).post('/auth/refresh').send({ refreshToken }),
          logout: () => request(instance.url).post('/auth/logout').auth(accessToken, bearer),
          tasks: () => request(instance.url).get('/tasks/').auth(accessToken, bearer),
        };
        for (const [name, call] of Object.entries(calls)) {
          const started = Date.now();
          const res = await call();
          expect(res.status, name).to.equal(503);
          expect(res.body, name).to.deep.equal(UNAVAILABLE);
          expect(res.headers['content-type'], name).to.match(/^application\/json/);
          expect(Date.now() - started, name).to.be.below(FAIL_FAST_MS);
        }
        const refused = await refusal(`${wsUrl(instance.url, '/chat')}?token=${accessToken}`);
        expect(refused.status).to.equal(503);
        expect(refused.body).to.deep.equal(UNAVAILABLE);
        await request(instance.url).get('/health').expect(200);
      }
      // Clients already connected keep chatting with those on their own instance.
      expect(await ada.ask({ type: 'message', text: 'sin redis' })).to.have.property('type', 'sent');
      expect(await eve.next()).to.include({ type: 'message', text: 'sin redis', from: 'developer' });

      await redis.start();
      // Specs run Redis without persistence: the sessions are gone, logging in again works.
      const again = await eventually(() => sample.login(sample.two, 'developer'));
      // Each instance reconnects on its own back-off: the first may still be a moment behind.
      await eventually(() =>
        request(sample.one.url).get('/auth/me').auth(again.accessToken, bearer).expect(200),
      );
      await request(sample.one.url).get('/auth/me').auth(accessToken, bearer).expect(401);
      const bob = await chat(sample.two.url, again.accessToken, 'developer');
      await eventually(async () => {
        expect(await eve.ask({ type: 'message', text: 'de vuelta' })).to.have.property('type', 'sent');
        expect(await ada.next()).to.include({ type: 'message', text: 'de vuelta' });
        expect(await bob.next(300)).to.include({ type: 'message', text: 'de vuelta', from: 'manager' });
      });
    });
  });
});
