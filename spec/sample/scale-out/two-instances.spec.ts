import { expect } from 'chai';
import type { Redis } from 'ioredis';
import request from 'supertest';
import { TokenDenyList } from '../../../modules/auth';
import { DEMO_USERNAMES } from '../../../sample/database/demo-seeder';
import { REDIS_PREFIX } from '../../../sample/shared-state';
import { closeRedisClient, createRedisClient } from '../../../src/redis';
import { subscribe, subscriptionClient } from '../../src/graphql/subscription-client';
import { reachable } from '../../src/redis/redis-spec-helpers';
import { closedWithin, expectSilence, TestClient, wsUrl } from '../../src/websocket/support/ws-client';
import { forEachEngine } from '../../support/engines';
import { type RedisServer, startRedisServer } from '../../support/redis-server';
import { claimsOf, joinChat, startTwoInstances, type TwoInstances } from './two-instances';

describe('sample scale-out: two instances sharing one Redis', () => {
  forEachEngine((engine) => {
    let redis: RedisServer;
    let admin: Redis;
    let sample: TwoInstances;
    const sockets: TestClient[] = [];
    before(async () => {
      redis = await startRedisServer();
      admin = createRedisClient(redis.url);
      await reachable(admin);
      // No spacing after a failure: the login-limit spec fails one username several times in a row.
      sample = await startTwoInstances(engine, redis, {
        LOGIN_RATE_LIMIT_MAX: '3',
        LOGIN_FAILURE_SPACING_MS: '0',
      });
    });
    beforeEach(() => admin.flushall());
    afterEach(() => {
      for (const socket of sockets.splice(0)) socket.socket.terminate();
    });
    after(async () => {
      await sample?.close();
      await closeRedisClient(admin);
      await redis.close();
    });

    it('a session started on one instance is served by the other: me and refresh', async () => {
      const { accessToken, refreshToken } = await sample.login(sample.one, 'developer');
      const me = await request(sample.two.url)
        .get('/auth/me')
        .auth(accessToken, { type: 'bearer' })
        .expect(200);
      expect(me.body).to.include({ username: 'developer' });
      const refreshed = await request(sample.two.url)
        .post('/auth/refresh')
        .send({ refreshToken })
        .expect(200);
      await request(sample.one.url)
        .get('/auth/me')
        .auth(refreshed.body.accessToken, { type: 'bearer' })
        .expect(200);
    });

    it('after logout on one instance, refresh and the access token fail on the other', async () => {
      const { accessToken, refreshToken } = await sample.login(sample.one, 'developer');
      await request(sample.one.url).post('/auth/logout').auth(accessToken, { type: 'bearer' }).expect(200);
      const refresh = await request(sample.two.url).post('/auth/refresh').send({ refreshToken }).expect(401);
      expect(refresh.body).to.include({ statusCode: 401, message: 'Token de actualización inválido' });
      await request(sample.two.url).get('/auth/me').auth(accessToken, { type: 'bearer' }).expect(401);
    });

    it('a deny-listed access token is refused by every instance, while its session lives on', async () => {
      const { accessToken, refreshToken } = await sample.login(sample.one, 'viewer');
      const { jti, exp } = claimsOf(accessToken);
      await sample.one.app.container.get(TokenDenyList).add(jti, exp);
      for (const instance of [sample.one, sample.two]) {
        const res = await request(instance.url)
          .get('/auth/me')
          .auth(accessToken, { type: 'bearer' })
          .expect(401);
        expect(res.body).to.include({ statusCode: 401 });
      }
      const refreshed = await request(sample.two.url)
        .post('/auth/refresh')
        .send({ refreshToken })
        .expect(200);
      await request(sample.one.url)
        .get('/auth/me')
        .auth(refreshed.body.accessToken, { type: 'bearer' })
        .expect(200);
    });

    it('the login limit counts attempts on every instance together', async () => {
      const attempt = (url: string) =>
        request(url).post('/auth/login').send({ username: 'admin', password: 'wrong-password' });
      await attempt(sample.one.url).expect(401);
      await attempt(sample.two.url).expect(401);
      await attempt(sample.one.url).expect(401);
      const res = await attempt(sample.two.url).expect(429);
      expect(res.body).to.include({ statusCode: 429 });
      expect(Number(res.headers['retry-after'])).to.be.above(0);
      await attempt(sample.one.url).expect(429);
    });

    it('when two instances race to rotate one refresh token, exactly one wins', async () => {
      for (const username of DEMO_USERNAMES) {
        const { refreshToken } = await sample.login(sample.one, username);
        const answers = await Promise.all([
          request(sample.one.url).post('/auth/refresh').send({ refreshToken }),
          request(sample.two.url).post('/auth/refresh').send({ refreshToken }),
        ]);
        expect(answers.map((res) => res.status).sort(), username).to.deep.equal([200, 401]);
      }
    });

    it('a chat message sent on one instance reaches the clients on both, once, and not the sender', async () => {
      const join = async (instance: typeof sample.one, username: string) => {
        const client = await joinChat(sample, instance, username);
        sockets.push(client);
        return client;
      };
      const ada = await join(sample.one, 'developer');
      const bob = await join(sample.two, 'viewer');
      const eve = await join(sample.one, 'manager');
      expect(await ada.ask({ type: 'message', text: 'hola' })).to.have.property('type', 'sent');
      for (const other of [bob, eve])
        expect(await other.next()).to.include({ type: 'message', text: 'hola', from: 'developer' });
      expect(await bob.ask({ type: 'message', text: 'qué tal' })).to.have.property('type', 'sent');
      for (const other of [ada, eve])
        expect(await other.next()).to.include({ type: 'message', text: 'qué tal', from: 'viewer' });
      await expectSilence(200, ada, bob, eve);
    });

    it('a session ended on one instance closes its sockets on the other with 4401 within 2 s, idle ones included', async () => {
      const open = async (username: string) => {
        const login = await sample.login(sample.one, username);
        const client = await TestClient.connect(
          `${wsUrl(sample.one.url, '/chat')}?token=${login.accessToken}`,
        );
        sockets.push(client);
        expect(await client.next()).to.include({ type: 'welcome' });
        return { login, client };
      };
      const developer = await open('developer');
      const viewer = await open('viewer');
      // Logout through the other instance.
      await request(sample.two.url)
        .post('/auth/logout')
        .auth(developer.login.accessToken, { type: 'bearer' })
        .expect(200);
      expect(await closedWithin(developer.client)).to.deep.equal({ code: 4401, reason: 'Session ended' });
      expect(viewer.client.socket.readyState).to.equal(viewer.client.socket.OPEN);
      // A role change through the other instance ends every session of that user.
      const admin = await sample.login(sample.two, 'admin');
      await request(sample.two.url)
        .put('/users/5')
        .auth(admin.accessToken, { type: 'bearer' })
        .send({ role: 'developer' })
        .expect(200);
      expect(await closedWithin(viewer.client)).to.deep.equal({ code: 4401, reason: 'Session ended' });
    });

    it('a task created on one instance reaches the taskCreated subscribers of the other', async () => {
      const { accessToken: viewer } = await sample.login(sample.two, 'viewer');
      const { accessToken: developer } = await sample.login(sample.one, 'developer');
      const subscriber = subscriptionClient(sample.two.url, viewer);
      try {
        const probe = subscribe(subscriber, 'subscription { taskCreated { title createdBy { username } } }');
        const channel = `${REDIS_PREFIX}ws:graphql:taskCreated`;
        const listeners = async () => ((await admin.pubsub('NUMSUB', channel)) as [string, number])[1];
        const deadline = Date.now() + 3000;
        while ((await listeners()) === 0 && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 10));
        await request(sample.one.url)
          .post('/tasks')
          .auth(developer, { type: 'bearer' })
          .send({ title: 'Across instances' })
          .expect(201);
        expect(await probe.take(1)).to.deep.equal([
          { data: { taskCreated: { title: 'Across instances', createdBy: { username: 'developer' } } } },
        ]);
      } finally {
        await subscriber.dispose();
      }
    });
  });
});
