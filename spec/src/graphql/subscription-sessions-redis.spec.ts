import { expect } from 'chai';
import type { Redis } from 'ioredis';
import request from 'supertest';
import { AuthService, RedisTokenDenyList, RedisTokenStore } from '../../../modules/auth';
import { createApp, RedisBroadcaster } from '../../../src';
import { closeRedisClient, createRedisClient } from '../../../src/redis';
import {
  AuthController,
  bearer,
  FAST_ROUNDS,
  PASSWORD,
  SECRET,
  stubUsers,
} from '../../modules/auth/auth-fixtures';
import { forEachEngine } from '../../support/engines';
import { type RedisServer, startRedisServer } from '../../support/redis-server';
import { type Served, serve } from '../../support/serve';
import { closedWithin, type TestClient } from '../websocket/support/ws-client';
import { OpenResolver } from './open-resolver';
import { answersQueries, initialisedSocket } from './session-socket';

describe('GraphQL subscription sessions across two instances sharing Redis', () => {
  let redis: RedisServer;
  before(async () => {
    redis = await startRedisServer();
  });
  after(() => redis.close());

  forEachEngine((engine) => {
    const served: Served[] = [];
    const connections: Redis[] = [];
    const sockets: TestClient[] = [];

    const instance = async () => {
      const [client, subscriber] = [createRedisClient(redis.url), createRedisClient(redis.url)];
      connections.push(client, subscriber);
      const users = await stubUsers();
      const app = createApp({
        engine,
        controllers: [AuthController],
        resolvers: [OpenResolver],
        websocket: { broadcaster: new RedisBroadcaster({ publisher: client, subscriber }) },
      }).install('auth', {
        jwt: { secret: SECRET, accessTokenTTL: 60, refreshTokenTTL: 600 },
        userProvider: users.provider,
        bcryptRounds: FAST_ROUNDS,
        store: new RedisTokenStore(client),
        denyList: new RedisTokenDenyList(client),
      });
      const running = await serve(app);
      served.push(running);
      return running;
    };
    const socket = async (on: Served, token?: string) => {
      const client = await initialisedSocket(on.url, token);
      sockets.push(client);
      return client;
    };

    afterEach(async () => {
      for (const client of sockets.splice(0)) client.socket.terminate();
      for (const running of served.splice(0)) await running.close();
      await Promise.all(connections.splice(0).map((connection) => closeRedisClient(connection)));
    });

    it('a logout on one instance closes that session’s connection on the other with 4401', async () => {
      const [one, two] = [await instance(), await instance()];
      const { accessToken } = await one.app.container.get(AuthService).login('ada', PASSWORD);
      const other = (await one.app.container.get(AuthService).login('ada', PASSWORD)).accessToken;
      const onTwo = await socket(two, accessToken);
      const otherOnTwo = await socket(two, other);
      const anonymousOnTwo = await socket(two);
      await request(one.url).post('/auth/logout').set('authorization', bearer(accessToken)).expect(204);
      expect(await closedWithin(onTwo)).to.deep.equal({ code: 4401, reason: 'Session ended' });
      await answersQueries(otherOnTwo);
      await answersQueries(anonymousOnTwo);
    });

    it('revokeAllSessions on one instance closes every connection of that user on both', async () => {
      const [one, two] = [await instance(), await instance()];
      const auth = one.app.container.get(AuthService);
      const onOne = await socket(one, (await auth.login('ada', PASSWORD)).accessToken);
      const onTwo = await socket(two, (await auth.login('ada', PASSWORD)).accessToken);
      const grace = await socket(two, (await auth.login('grace', PASSWORD)).accessToken);
      await auth.revokeAllSessions(1);
      expect((await closedWithin(onOne)).code).to.equal(4401);
      expect((await closedWithin(onTwo)).code).to.equal(4401);
      await answersQueries(grace);
    });
  });
});
