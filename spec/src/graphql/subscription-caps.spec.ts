import { expect } from 'chai';
import { z } from 'zod';
import { Auth, AuthService } from '../../../modules/auth';
import { createApp, Query, Resolver, Subscription, SubscriptionPublisher } from '../../../src';
import { AuthController, FAST_ROUNDS, PASSWORD, SECRET, stubUsers } from '../../modules/auth/auth-fixtures';
import { forEachEngine } from '../../support/engines';
import { expectCode } from '../../support/expect-code';
import { rateLimitOf } from '../../support/rate-limit-fields';
import { type Served, serve } from '../../support/serve';
import { closedWithin, refusal, TestClient, wsUrl } from '../websocket/support/ws-client';
import { initialisedSocket } from './session-socket';

@Resolver()
class CapsResolver {
  constructor(private readonly events: SubscriptionPublisher) {}

  @Query(z.string())
  ping() {
    return 'pong';
  }

  @Subscription(z.string())
  ticks() {
    return this.events.subscribe('ticks');
  }

  @Subscription(z.string())
  @Auth()
  secrets() {
    return this.events.subscribe('secrets');
  }
}

describe('GraphQL over WebSocket: caps and required authentication', () => {
  forEachEngine((engine) => {
    let served: Served;
    const sockets: TestClient[] = [];
    const start = async (subscriptions: Record<string, unknown>) => {
      const users = await stubUsers();
      const app = createApp({
        engine,
        controllers: [AuthController],
        resolvers: [CapsResolver],
        graphql: { subscriptions },
      }).install('auth', {
        jwt: { secret: SECRET, accessTokenTTL: 60, refreshTokenTTL: 600 },
        userProvider: users.provider,
        bcryptRounds: FAST_ROUNDS,
      });
      served = await serve(app);
      return app;
    };
    const raw = async () => {
      const client = await TestClient.connect(wsUrl(served.url, '/graphql'), {}, ['graphql-transport-ws']);
      sockets.push(client);
      return client;
    };
    afterEach(async () => {
      for (const socket of sockets.splice(0)) socket.socket.terminate();
      await served?.close();
    });

    it('refuses a connection past maxConnectionsPerClient with 429', async () => {
      await start({ maxConnectionsPerClient: 2 });
      sockets.push(await initialisedSocket(served.url), await initialisedSocket(served.url));
      const refused = await refusal(wsUrl(served.url, '/graphql'), {
        protocol: 'graphql-transport-ws',
      } as never);
      expect(refused.status).to.equal(429);
      expect(refused.body).to.include({ statusCode: 429 });
      expect(refused.headers['retry-after']).to.equal('1');
      expect(rateLimitOf(refused.headers)).to.deep.include({
        name: 'graphql-ws-connections',
        limit: 2,
        remaining: 0,
      });
    });

    it('refuses a subscription past maxSubscriptionsPerConnection with TOO_MANY_REQUESTS, keeping the others', async () => {
      await start({ maxSubscriptionsPerConnection: 2 });
      const socket = await initialisedSocket(served.url);
      sockets.push(socket);
      socket.send({ type: 'subscribe', id: 'a', payload: { query: 'subscription { ticks }' } });
      socket.send({ type: 'subscribe', id: 'b', payload: { query: 'subscription { ticks }' } });
      socket.send({ type: 'subscribe', id: 'c', payload: { query: 'subscription { ticks }' } });
      const refused = await socket.next();
      expect(refused).to.deep.include({ type: 'error', id: 'c' });
      expect((refused as { payload: { extensions: unknown }[] }).payload[0].extensions).to.deep.equal({
        code: 'TOO_MANY_REQUESTS',
      });
      socket.send({ type: 'complete', id: 'a' });
      await new Promise((r) => setTimeout(r, 50));
      socket.send({ type: 'subscribe', id: 'd', payload: { query: '{ ping }' } });
      expect(await socket.next()).to.deep.equal({
        type: 'next',
        id: 'd',
        payload: { data: { ping: 'pong' } },
      });
    });

    it('with requireAuth, closes a connection_init without a valid token with 4403 and acknowledges a valid one', async () => {
      const app = await start({ requireAuth: true });
      for (const payload of [{}, { authorization: 'Bearer not-a-token' }]) {
        const anonymous = await raw();
        anonymous.send({ type: 'connection_init', payload });
        expect((await closedWithin(anonymous)).code).to.equal(4403);
      }
      const { accessToken } = await app.container.get(AuthService).login('ada', PASSWORD);
      const socket = await initialisedSocket(served.url, accessToken);
      sockets.push(socket);
      socket.send({ type: 'subscribe', id: 's', payload: { query: '{ ping }' } });
      expect(await socket.next()).to.deep.equal({
        type: 'next',
        id: 's',
        payload: { data: { ping: 'pong' } },
      });
    });

    it('without requireAuth, acknowledges an anonymous connection_init', async () => {
      await start({});
      sockets.push(await initialisedSocket(served.url));
    });
  });

  it('refuses requireAuth at ready() when no module authenticates', async () => {
    const app = createApp({
      resolvers: [CapsResolverWithoutAuth],
      graphql: { subscriptions: { requireAuth: true } },
    });
    const error = await app.ready().then(
      () => undefined,
      (err: unknown) => err,
    );
    expectCode(error, 'TRELLIS_ERR_NO_AUTHENTICATOR');
  });
});

@Resolver()
class CapsResolverWithoutAuth {
  constructor(private readonly events: SubscriptionPublisher) {}

  @Query(z.string())
  ping() {
    return 'pong';
  }

  @Subscription(z.string())
  ticks() {
    return this.events.subscribe('ticks');
  }
}
