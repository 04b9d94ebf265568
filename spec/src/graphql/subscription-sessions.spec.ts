import { expect } from 'chai';
import type { Client } from 'graphql-ws';
import request from 'supertest';
import { z } from 'zod';
import { Auth, AuthService } from '../../../modules/auth';
import { createApp, Query, Resolver, Subscription, SubscriptionPublisher } from '../../../src';
import {
  AuthController,
  bearer,
  FAST_ROUNDS,
  PASSWORD,
  SECRET,
  stubUsers,
} from '../../modules/auth/auth-fixtures';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { CLOSE_DEADLINE_MS, closedWithin, type TestClient } from '../websocket/support/ws-client';
import { answersQueries, initialisedSocket } from './session-socket';
import { subscribe, subscriptionClient, until } from './subscription-client';

const Greeting = z.object({ to: z.string() }).meta({ id: 'SessionGreeting' });

@Resolver()
class LiveResolver {
  constructor(private readonly events: SubscriptionPublisher) {}

  @Query(z.string())
  ping() {
    return 'pong';
  }

  @Subscription(Greeting)
  @Auth()
  greetings() {
    return this.events.subscribe('greetings');
  }

  @Subscription(z.string())
  open() {
    return this.events.subscribe('open');
  }
}

describe('GraphQL subscriptions follow the session of their connection_init token', () => {
  forEachEngine((engine) => {
    let served: Served;
    let auth: AuthService;
    const sockets: TestClient[] = [];
    const clients: Client[] = [];
    const start = async (accessTokenTTL = 60) => {
      const users = await stubUsers();
      const app = createApp({ engine, controllers: [AuthController], resolvers: [LiveResolver] }).install(
        'auth',
        {
          jwt: { secret: SECRET, accessTokenTTL, refreshTokenTTL: 600 },
          userProvider: users.provider,
          bcryptRounds: FAST_ROUNDS,
        },
      );
      served = await serve(app);
      auth = app.container.get(AuthService);
    };
    const socket = async (token?: string) => {
      const client = await initialisedSocket(served.url, token);
      sockets.push(client);
      return client;
    };
    const logout = (token: string) =>
      request(served.url).post('/auth/logout').set('authorization', bearer(token)).expect(204);
    afterEach(async () => {
      await Promise.all(clients.splice(0).map((client) => client.dispose()));
      for (const client of sockets.splice(0)) client.socket.terminate();
      await served?.close();
    });

    it('on logout, closes the idle connections of that session with 4401, and no other', async () => {
      await start();
      const session = await auth.login('ada', PASSWORD);
      const other = await auth.login('ada', PASSWORD);
      const [first, second, otherSession, anonymous] = [
        await socket(session.accessToken),
        await socket(session.accessToken),
        await socket(other.accessToken),
        await socket(),
      ];
      await logout(session.accessToken);
      expect(await closedWithin(first)).to.deep.equal({ code: 4401, reason: 'Session ended' });
      expect(await closedWithin(second)).to.deep.equal({ code: 4401, reason: 'Session ended' });
      await answersQueries(otherSession);
      await answersQueries(anonymous);
    });

    it('on logout, a graphql-ws client with a live subscription is closed with 4401 and its topic released', async () => {
      await start();
      const { accessToken } = await auth.login('ada', PASSWORD);
      const client = subscriptionClient(served.url, accessToken);
      clients.push(client);
      const closed = new Promise<{ code: number; reason: string }>((resolve) =>
        client.on('closed', (event) => resolve(event as { code: number; reason: string })),
      );
      const probe = subscribe(client, 'subscription { greetings { to } }');
      const publisher = served.app.container.get(SubscriptionPublisher);
      await until(() => publisher.subscribers('greetings') === 1);
      await logout(accessToken);
      const event = await Promise.race([
        closed,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('still open')), 2000)),
      ]);
      expect({ code: event.code, reason: event.reason }).to.deep.equal({
        code: 4401,
        reason: 'Session ended',
      });
      await until(() => probe.error !== undefined);
      expect(probe.error).to.have.property('code', 4401);
      await until(() => publisher.subscribers('greetings') === 0);
    });

    it('leaves a connection without a token alone when someone else logs out', async () => {
      await start();
      const { accessToken } = await auth.login('ada', PASSWORD);
      const anonymous = subscriptionClient(served.url);
      clients.push(anonymous);
      const probe = subscribe(anonymous, 'subscription { open }');
      const publisher = served.app.container.get(SubscriptionPublisher);
      await until(() => publisher.subscribers('open') === 1);
      await socket(accessToken);
      await logout(accessToken);
      await auth.revokeAllSessions(1);
      await publisher.publish('open', 'still here');
      expect(await probe.take(1)).to.deep.equal([{ data: { open: 'still here' } }]);
      expect(probe.error).to.equal(undefined);
    });

    it('when a used refresh token is replayed, closes the connections of the session it ended', async () => {
      await start();
      const { accessToken, refreshToken } = await auth.login('ada', PASSWORD);
      const client = await socket(accessToken);
      await auth.refresh(refreshToken);
      await answersQueries(client);
      await request(served.url).post('/auth/refresh').send({ refreshToken }).expect(401);
      expect(await closedWithin(client)).to.deep.equal({ code: 4401, reason: 'Session ended' });
    });

    it('on revokeAllSessions (role change, deletion), closes every connection of that user only', async () => {
      await start();
      const ada = [
        await socket((await auth.login('ada', PASSWORD)).accessToken),
        await socket((await auth.login('ada', PASSWORD)).accessToken),
      ];
      const grace = await socket((await auth.login('grace', PASSWORD)).accessToken);
      await auth.revokeAllSessions(1);
      for (const client of ada) expect((await closedWithin(client)).code).to.equal(4401);
      await answersQueries(grace);
    });

    it('when the access token expires, closes the idle connection with 4401 Token expired', async () => {
      await start(1);
      const { accessToken } = await auth.login('ada', PASSWORD);
      const client = await socket(accessToken);
      expect(await closedWithin(client, 1000 + CLOSE_DEADLINE_MS)).to.deep.equal({
        code: 4401,
        reason: 'Token expired',
      });
    });

    it('keeps a connection whose token is refused at connection_init open, with guarded operations refused', async () => {
      await start();
      const client = await socket('not-a-token');
      await answersQueries(client);
      client.send({ type: 'subscribe', id: 'g', payload: { query: 'subscription { greetings { to } }' } });
      const refused = await client.next();
      expect(refused).to.have.property('type', 'next');
      expect(refused.payload.errors[0].extensions.code).to.equal('UNAUTHENTICATED');
      expect(await client.next()).to.deep.equal({ type: 'complete', id: 'g' });
      await auth.revokeAllSessions(1);
      await answersQueries(client);
    });
  });
});
