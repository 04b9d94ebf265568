import { expect } from 'chai';
import { Auth, AuthService } from '../../../modules/auth';
import type { AuthenticatedUser } from '../../../modules/auth/caller';
import { Permissions } from '../../../modules/rbac';
import { Controller, CurrentUser, createApp, Get } from '../../../src';
import type { Application } from '../../../src/app/application';
import { EventChannel } from '../../../src/sse/event-channel';
import { LastEventId, Sse } from '../../../src/sse/sse-decorators';
import type { SseEvent } from '../../../src/sse/sse-event';
import {
  AuthController,
  bearer,
  FAST_ROUNDS,
  PASSWORD,
  SECRET,
  stubUsers,
} from '../../modules/auth/auth-fixtures';
import { forEachEngine } from '../../support/engines';
import { rateLimitOf } from '../../support/rate-limit-fields';
import { type Served, serve } from '../../support/serve';
import { endsWithin, SseClient } from './support/sse-client';

/** What the specs push into the open streams and read back. */
class Feed {
  readonly channels: EventChannel<SseEvent | string>[] = [];
  lastEventIds: (string | undefined)[] = [];
  open(lastEventId: string | undefined) {
    this.lastEventIds.push(lastEventId);
    const channel = new EventChannel<SseEvent | string>(() => {
      this.channels.splice(this.channels.indexOf(channel), 1);
    });
    this.channels.push(channel);
    return channel;
  }
  push(event: SseEvent | string) {
    for (const channel of this.channels) channel.push(event);
  }
}

const feed = new Feed();

@Controller('/events')
class EventsController {
  @Sse()
  all(@LastEventId() lastEventId: string | undefined) {
    return feed.open(lastEventId);
  }

  @Sse('/fixed')
  *fixed() {
    yield { data: { n: 1 }, id: 1 };
    yield { data: 'two\nlines', id: 2, event: 'text' };
  }

  @Sse('/guarded')
  @Auth()
  @Permissions('events.read')
  guarded(@CurrentUser() _user: AuthenticatedUser) {
    return feed.open(undefined);
  }

  @Sse('/broken')
  broken() {
    return 42;
  }

  @Get('/json')
  json() {
    return { plain: true };
  }
}

describe('Sse routes', () => {
  forEachEngine((engine) => {
    let served: Served;
    let app: Application;
    const clients: SseClient[] = [];
    const open = async (path: string, headers: Record<string, string> = {}) => {
      const client = await SseClient.open(`${served.url}${path}`, headers);
      clients.push(client);
      return client;
    };
    const reader: AuthenticatedUser = { id: 1, username: 'ada', role: 'user', permissions: ['events.read'] };
    const outsider: AuthenticatedUser = { id: 2, username: 'bob', role: 'user', permissions: [] };
    const start = async (sse = {}, accessTokenTTL = 60) => {
      const users = await stubUsers([reader, outsider]);
      app = createApp({ engine, controllers: [EventsController, AuthController], sse })
        .install('auth', {
          jwt: { secret: SECRET, accessTokenTTL, refreshTokenTTL: 600 },
          userProvider: users.provider,
          bcryptRounds: FAST_ROUNDS,
        })
        .install('rbac', {
          roles: [{ name: 'user', level: 1, description: 'user' }],
          permissions: ['events.read'],
        });
      served = await serve(app);
      return users;
    };
    afterEach(async () => {
      for (const client of clients.splice(0)) client.close();
      await served?.close();
      feed.channels.length = 0;
      feed.lastEventIds = [];
    });

    it('answers text/event-stream and writes events in order as they arrive', async () => {
      await start();
      const client = await open('/events');
      expect(client.status).to.equal(200);
      expect(client.response.headers['content-type']).to.equal('text/event-stream; charset=utf-8');
      expect(client.response.headers['cache-control']).to.equal('no-cache, no-transform');
      for (let i = 1; i <= 20; i++) feed.push({ data: { i }, id: i, event: 'tick' });
      const events = await client.waitFor(20);
      expect(events.map((e) => JSON.parse(e.data).i)).to.deep.equal([...Array(20).keys()].map((i) => i + 1));
      expect(events[0]).to.include({ id: '1', event: 'tick' });
      feed.push('plain text');
      expect((await client.waitFor(21))[20]).to.deep.equal({ data: 'plain text' });
    });

    it('writes a synchronous iterable, multi-line data as several data lines, then ends', async () => {
      await start();
      const client = await open('/events/fixed');
      const events = await client.waitFor(2);
      expect(events).to.deep.equal([
        { id: '1', data: '{"n":1}' },
        { id: '2', event: 'text', data: 'two\nlines' },
      ]);
      expect(await endsWithin(client, 2000)).to.equal(true);
    });

    it('sends heartbeat comments while idle', async () => {
      await start({ heartbeatMs: 30 });
      const client = await open('/events');
      const deadline = Date.now() + 3000;
      while (client.comments < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(client.comments).to.be.at.least(2);
      expect(client.events).to.have.length(0);
    });

    it('gives the handler the client Last-Event-ID', async () => {
      await start();
      await open('/events', { 'last-event-id': '41' });
      await open('/events');
      expect(feed.lastEventIds).to.deep.equal(['41', undefined]);
    });

    it('refuses with JSON before the stream opens: 401 without a token, 403 without the permission', async () => {
      await start();
      const anonymous = await open('/events/guarded');
      expect(anonymous.status).to.equal(401);
      expect(anonymous.response.headers['content-type']).to.match(/^application\/json/);
      expect(JSON.parse(await anonymous.text())).to.include({ statusCode: 401, error: 'Unauthorized' });
      const { accessToken } = await app.container.get(AuthService).login('bob', PASSWORD);
      const refused = await open('/events/guarded', { authorization: bearer(accessToken) });
      expect(refused.status).to.equal(403);
      expect(JSON.parse(await refused.text())).to.include({ statusCode: 403 });
      expect(feed.channels).to.have.length(0);
    });

    it('ends the stream within 2 s when the caller logs out', async () => {
      await start();
      const auth = app.container.get(AuthService);
      const session = await auth.login('ada', PASSWORD);
      const other = await auth.login('ada', PASSWORD);
      const client = await open('/events/guarded', { authorization: bearer(session.accessToken) });
      const bystander = await open('/events/guarded', { authorization: bearer(other.accessToken) });
      expect(client.status).to.equal(200);
      const loggedOut = await fetch(`${served.url}/auth/logout`, {
        method: 'POST',
        headers: { authorization: bearer(session.accessToken) },
      });
      expect(loggedOut.ok).to.equal(true);
      expect(await endsWithin(client, 2000)).to.equal(true);
      expect(await endsWithin(bystander, 200)).to.equal(false);
      expect(feed.channels).to.have.length(1);
    });

    it('ends the stream when its access token expires', async () => {
      // Two seconds: `exp` is in whole seconds, so a one-second token may be dead on arrival.
      await start({}, 2);
      const { accessToken } = await app.container.get(AuthService).login('ada', PASSWORD);
      const client = await open('/events/guarded', { authorization: bearer(accessToken) });
      expect(client.status).to.equal(200);
      expect(await endsWithin(client, 3500)).to.equal(true);
      expect(feed.channels).to.have.length(0);
    });

    it('ends the stream of a session whose rotated refresh token is replayed', async () => {
      await start();
      const auth = app.container.get(AuthService);
      const session = await auth.login('ada', PASSWORD);
      const client = await open('/events/guarded', { authorization: bearer(session.accessToken) });
      await auth.refresh(session.refreshToken);
      expect(await endsWithin(client, 200)).to.equal(false);
      await auth.refresh(session.refreshToken).catch(() => {});
      expect(await endsWithin(client, 2000)).to.equal(true);
    });

    it('releases the iterable when the client goes away', async () => {
      await start();
      const client = await open('/events');
      await waitUntil(() => feed.channels.length === 1);
      client.close();
      await waitUntil(() => feed.channels.length === 0);
      expect(feed.channels[0]?.ended ?? true).to.equal(true);
    });

    it('ends open streams when the application closes, after the event in flight', async () => {
      await start();
      const client = await open('/events');
      feed.push({ data: 'last', id: 1 });
      await client.waitFor(1);
      await served.close();
      expect(await endsWithin(client, 2000)).to.equal(true);
      expect(client.events).to.deep.equal([{ id: '1', data: 'last' }]);
      expect(feed.channels).to.have.length(0);
    });

    it('disconnects a reader that leaves more than maxBufferedBytes unread', async () => {
      await start({ maxBufferedBytes: 64 * 1024 });
      const client = await open('/events');
      await waitUntil(() => feed.channels.length === 1);
      client.response.pause();
      const big = 'x'.repeat(64 * 1024);
      for (let i = 0; i < 400 && feed.channels.length > 0; i++) {
        feed.push({ data: big });
        await new Promise((r) => setImmediate(r));
      }
      await waitUntil(() => feed.channels.length === 0);
    });

    it('answers 429 past the open streams allowed per client, and frees the place when one closes', async () => {
      await start({ maxConnectionsPerClient: 2 });
      const first = await open('/events');
      await open('/events');
      const third = await open('/events');
      expect(third.status).to.equal(429);
      expect(JSON.parse(await third.text())).to.include({ statusCode: 429, error: 'Too Many Requests' });
      expect(third.response.headers['retry-after']).to.equal('1');
      expect(rateLimitOf(third.response.headers)).to.deep.include({
        name: 'event-streams',
        limit: 2,
        remaining: 0,
      });
      first.close();
      await waitUntil(() => feed.channels.length === 1);
      const again = await open('/events');
      expect(again.status).to.equal(200);
    });

    it('answers 500 JSON when the handler returns something that is not iterable', async () => {
      await start();
      const res = await fetch(`${served.url}/events/broken`);
      expect(res.status).to.equal(500);
      expect(await res.json()).to.include({ statusCode: 500 });
    });

    it('answers HEAD with the stream head and no body, releasing the iterable', async () => {
      await start();
      const res = await fetch(`${served.url}/events`, { method: 'HEAD' });
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('text/event-stream; charset=utf-8');
      expect(await res.text()).to.equal('');
      await waitUntil(() => feed.channels.length === 0);
    });

    it('leaves JSON routes as they are', async () => {
      await start();
      const res = await fetch(`${served.url}/events/json`);
      expect(await res.json()).to.deep.equal({ plain: true });
    });
  });
});

async function waitUntil(condition: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
