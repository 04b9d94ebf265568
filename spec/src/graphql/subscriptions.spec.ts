import bcrypt from 'bcrypt';
import { expect } from 'chai';
import type { Client } from 'graphql-ws';
import sinon from 'sinon';
import WebSocket from 'ws';
import { z } from 'zod';
import {
  Arg,
  Auth,
  type AuthenticatedUser,
  AuthService,
  CurrentUser,
  createApp,
  WebSocket as Gateway,
  MinimumRole,
  Mutation,
  OnConnect,
  Permissions,
  Query,
  REFERENCE_PERMISSIONS,
  REFERENCE_ROLES,
  Resolver,
  Subscription,
  SubscriptionPublisher,
  type UserRecord,
} from '../../../index';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { refusal, TestClient, wsUrl } from '../websocket/support/ws-client';
import { postGraphql } from './graphql-client';
import { OpenResolver } from './open-resolver';
import { subscribe, subscriptionClient, until } from './subscription-client';

const SECRET = 'subscriptions-spec-secret-0123456789-abc';
const PASSWORD = 'Spec-pass-123!';
const ALLOWED_ORIGIN = 'https://app.example.com';

const Note = z.object({ text: z.string(), level: z.number().int(), at: z.date() }).meta({ id: 'Note' });
const Greeting = z.object({ to: z.string() }).meta({ id: 'Greeting' });

const USERS: (AuthenticatedUser & { email: string })[] = [
  { id: 1, username: 'ada', email: 'ada@example.com', role: 'viewer', permissions: ['tasks.read'] },
  { id: 2, username: 'bob', email: 'bob@example.com', role: 'viewer', permissions: [] },
  { id: 3, username: 'grace', email: 'grace@example.com', role: 'admin', permissions: ['tasks.read'] },
];

@Resolver()
class NotesResolver {
  constructor(private readonly events: SubscriptionPublisher) {}

  @Query(z.string())
  ping() {
    return 'pong';
  }

  @Mutation(z.boolean())
  async note(@Arg('text', z.string().min(1)) text: string, @Arg('level', z.number().int()) level: number) {
    await this.events.publish('notes', { text, level, at: new Date('2024-05-01T12:00:00Z') });
    return true;
  }

  @Subscription(Note)
  @Permissions('tasks.read')
  notes(@Arg('minLevel', z.number().int().min(0).optional()) minLevel = 0) {
    const source = this.events.subscribe<z.infer<typeof Note>>('notes');
    return {
      [Symbol.asyncIterator]: () => ({
        async next(): Promise<IteratorResult<unknown>> {
          for (;;) {
            const event = await source.next();
            if (event.done || event.value.level >= minLevel) return event;
          }
        },
        return: () => source.return!(),
      }),
    };
  }

  @Subscription(Greeting)
  @Auth()
  greetings(@CurrentUser() caller: AuthenticatedUser) {
    const source = this.events.subscribe<unknown>('greetings');
    return {
      [Symbol.asyncIterator]: () => ({
        async next() {
          const event = await source.next();
          return event.done ? event : { value: { to: caller.username }, done: false };
        },
        return: () => source.return!(),
      }),
    };
  }

  @Subscription(z.string())
  @MinimumRole('admin')
  audits() {
    return this.events.subscribe('audits');
  }

  @Subscription(z.string())
  open() {
    return this.events.subscribe('open');
  }
}

@Gateway('/ws/echo')
class EchoGateway {
  @OnConnect()
  connect() {
    return { type: 'welcome' };
  }
}

const NOTES = 'subscription ($min: Int) { notes(minLevel: $min) { text level at } }';

describe('GraphQL subscriptions over graphql-ws', () => {
  forEachEngine((engine) => {
    let served: Served;
    let auth: AuthService;
    let publisher: SubscriptionPublisher;
    const clients: Client[] = [];
    const tokenOf = async (username: string) => (await auth.login(username, PASSWORD)).accessToken;
    const client = (token?: string) => {
      const created = subscriptionClient(served.url, token);
      clients.push(created);
      return created;
    };

    before(async () => {
      const passwordHash = await bcrypt.hash(PASSWORD, 4);
      const records = new Map<string, UserRecord>(
        USERS.map((user) => [user.username, { ...user, passwordHash }]),
      );
      const userProvider = {
        findByCredentials: sinon.stub().callsFake(async (name: string) => records.get(name) ?? null),
        findById: sinon
          .stub()
          .callsFake(async (id: number) => [...records.values()].find((r) => r.id === id) ?? null),
      };
      const app = createApp({
        engine,
        resolvers: [NotesResolver],
        gateways: [EchoGateway],
        websocket: { origins: [ALLOWED_ORIGIN] },
      })
        .install('auth', {
          jwt: { secret: SECRET, accessTokenTTL: 60, refreshTokenTTL: 600 },
          userProvider,
          bcryptRounds: 4,
        })
        .install('rbac', { roles: REFERENCE_ROLES, permissions: REFERENCE_PERMISSIONS });
      served = await serve(app);
      auth = app.container.get(AuthService);
      publisher = app.container.get(SubscriptionPublisher);
    });
    after(() => served.close());
    afterEach(async () => {
      await Promise.all(clients.splice(0).map((c) => c.dispose()));
      await until(() => publisher.subscribers('notes') === 0);
    });

    it('delivers what a mutation publishes to a subscriber holding the permission, shaped by its schema', async () => {
      const probe = subscribe(client(await tokenOf('ada')), NOTES);
      await until(() => publisher.subscribers('notes') === 1);
      const posted = await postGraphql(served.url, 'mutation { note(text: "deploy", level: 2) }');
      expect(posted.body.data).to.deep.equal({ note: true });
      const [event] = await probe.take(1);
      expect(event).to.deep.equal({
        data: { notes: { text: 'deploy', level: 2, at: '2024-05-01T12:00:00.000Z' } },
      });
    });

    it('fans each event out to every subscriber, with its own arguments', async () => {
      const all = subscribe(client(await tokenOf('ada')), NOTES);
      const important = subscribe(client(await tokenOf('grace')), NOTES, { min: 5 });
      await until(() => publisher.subscribers('notes') === 2);
      await publisher.publish('notes', { text: 'minor', level: 1, at: new Date() });
      await publisher.publish('notes', { text: 'major', level: 9, at: new Date() });
      const received = await all.take(2);
      expect(received.map((r) => r.data.notes.text)).to.deep.equal(['minor', 'major']);
      const [only] = await important.take(1);
      expect(only.data.notes.text).to.equal('major');
      expect(important.results).to.have.length(1);
    });

    it('gives CurrentUser() the caller of the connection_init token', async () => {
      const probe = subscribe(client(await tokenOf('bob')), 'subscription { greetings { to } }');
      await until(() => publisher.subscribers('greetings') === 1);
      await publisher.publish('greetings', {});
      expect(await probe.take(1)).to.deep.equal([{ data: { greetings: { to: 'bob' } } }]);
    });

    it('when connection_init carries no token, a guarded subscription gets UNAUTHENTICATED and nothing more', async () => {
      const probe = subscribe(client(), NOTES);
      const [result] = await probe.take(1);
      expect(result.errors?.[0].extensions).to.include({ code: 'UNAUTHENTICATED', statusCode: 401 });
      await until(() => probe.completed);
      expect(publisher.subscribers('notes')).to.equal(0);
    });

    it('when the token is not valid, the subscription gets UNAUTHENTICATED', async () => {
      const probe = subscribe(client('not.a.token'), NOTES);
      const [result] = await probe.take(1);
      expect(result.errors?.[0].extensions).to.include({ code: 'UNAUTHENTICATED' });
    });

    it('when the permission is missing, the subscription gets PERMISSION_MISSING', async () => {
      const probe = subscribe(client(await tokenOf('bob')), NOTES);
      const [result] = await probe.take(1);
      expect(result.errors?.[0].extensions).to.include({ code: 'PERMISSION_MISSING', statusCode: 403 });
    });

    it('when the role is too low, MinimumRole refuses the subscription with ROLE_TOO_LOW', async () => {
      const probe = subscribe(client(await tokenOf('ada')), 'subscription { audits }');
      const [result] = await probe.take(1);
      expect(result.errors?.[0].extensions).to.include({ code: 'ROLE_TOO_LOW' });
      const admin = subscribe(client(await tokenOf('grace')), 'subscription { audits }');
      await until(() => publisher.subscribers('audits') === 1);
      await publisher.publish('audits', 'user 2 deleted');
      expect(await admin.take(1)).to.deep.equal([{ data: { audits: 'user 2 deleted' } }]);
    });

    it('validates arguments before subscribing: a bad one gets BAD_USER_INPUT with details', async () => {
      const probe = subscribe(client(await tokenOf('ada')), NOTES, { min: -1 });
      const [result] = await probe.take(1);
      expect(result.errors?.[0].extensions.code).to.equal('BAD_USER_INPUT');
      expect(result.errors?.[0].extensions.details[0].path).to.equal('minLevel');
    });

    it('refuses an operation that fails validation with GRAPHQL_VALIDATION_FAILED, as over HTTP', async () => {
      const probe = subscribe(client(), 'subscription { nosuchfield }');
      await probe.take(1);
      expect(probe.error).to.be.an('array').with.length(1);
      expect((probe.error as { extensions: { code: string } }[])[0].extensions.code).to.equal(
        'GRAPHQL_VALIDATION_FAILED',
      );
    });

    it('refuses an operation that does not parse with GRAPHQL_PARSE_FAILED', async () => {
      const probe = subscribe(client(), 'subscription {');
      await probe.take(1);
      expect((probe.error as { extensions: { code: string } }[])[0].extensions.code).to.equal(
        'GRAPHQL_PARSE_FAILED',
      );
    });

    it('lets anyone subscribe to an unguarded subscription', async () => {
      const probe = subscribe(client(), 'subscription { open }');
      await until(() => publisher.subscribers('open') === 1);
      await publisher.publish('open', 'hello');
      expect(await probe.take(1)).to.deep.equal([{ data: { open: 'hello' } }]);
    });

    it('stops delivering, and releases the topic, once the client unsubscribes', async () => {
      const probe = subscribe(client(await tokenOf('ada')), NOTES);
      await until(() => publisher.subscribers('notes') === 1);
      probe.unsubscribe();
      await until(() => publisher.subscribers('notes') === 0);
      await publisher.publish('notes', { text: 'late', level: 1, at: new Date() });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(probe.results).to.deep.equal([]);
    });

    it('releases the subscription when the client disconnects', async () => {
      const subscriber = client(await tokenOf('ada'));
      subscribe(subscriber, NOTES);
      await until(() => publisher.subscribers('notes') === 1);
      await subscriber.dispose();
      await until(() => publisher.subscribers('notes') === 0);
    });

    it('answers queries over the same socket', async () => {
      const probe = subscribe(client(), '{ ping }');
      expect(await probe.take(1)).to.deep.equal([{ data: { ping: 'pong' } }]);
    });

    it('serves the gateways beside it on the same server', async () => {
      const gateway = await TestClient.connect(wsUrl(served.url, '/ws/echo'));
      expect(await gateway.next()).to.deep.equal({ type: 'welcome' });
      gateway.socket.terminate();
      const probe = subscribe(client(), '{ ping }');
      expect(await probe.take(1)).to.have.length(1);
    });

    it('refuses an upgrade to /graphql from an origin off websocket.origins with 403', async () => {
      const refused = await refusal(wsUrl(served.url, '/graphql'), {
        headers: { origin: 'https://evil.example.net' },
        protocol: 'graphql-transport-ws',
      } as never);
      expect(refused.status).to.equal(403);
      expect(refused.body).to.include({ statusCode: 403 });
    });

    it('refuses an upgrade to a path nobody serves with 404', async () => {
      const refused = await refusal(wsUrl(served.url, '/graphql/extra'));
      expect(refused.status).to.equal(404);
    });

    it('closes a client that does not speak graphql-transport-ws with 4406', async () => {
      const socket = new WebSocket(wsUrl(served.url, '/graphql'));
      const code = await new Promise<number>((resolve, reject) => {
        socket.once('close', resolve);
        socket.once('error', reject);
      });
      expect(code).to.equal(4406);
    });
  });

  describe('when the application closes', () => {
    it('closes subscription sockets with 1001 (going away)', async () => {
      const app = createApp({ resolvers: [OpenResolver] });
      const served = await serve(app);
      const publisher = app.container.get(SubscriptionPublisher);
      const subscriber = subscriptionClient(served.url);
      const closed = new Promise<number>((resolve) =>
        subscriber.on('closed', (event) => resolve((event as { code: number }).code)),
      );
      const probe = subscribe(subscriber, 'subscription { open }');
      await until(() => publisher.subscribers('open') === 1);
      await served.close();
      expect(await closed).to.equal(1001);
      expect(publisher.subscribers('open')).to.equal(0);
      expect(probe.error ?? probe.completed).to.not.equal(false);
      await subscriber.dispose();
    });
  });
});
