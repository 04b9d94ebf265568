import { expect } from 'chai';
import request from 'supertest';
import { endsWithin, SseClient } from '../../src/sse/support/sse-client';
import { closedWithin, expectSilence, TestClient, wsUrl } from '../../src/websocket/support/ws-client';
import { sharedPostgres } from '../../support/databases';
import { forEachEngine } from '../../support/engines';
import {
  expectTaskEventsAcrossInstances,
  joinChat,
  startTwoInstances,
  type TwoInstances,
} from './two-instances';

describe('sample scale-out: two instances sharing one PostgreSQL and no Redis', () => {
  forEachEngine((engine) => {
    let sample: TwoInstances;
    const streams: SseClient[] = [];
    const sockets: TestClient[] = [];
    before(async function () {
      this.timeout(60_000);
      const postgres = await sharedPostgres();
      sample = await startTwoInstances(engine, undefined, { DATABASE_URL: await postgres.createDatabase() });
    });
    afterEach(() => {
      for (const stream of streams.splice(0)) stream.close();
      for (const socket of sockets.splice(0)) socket.socket.terminate();
    });
    after(async () => {
      await sample?.close();
    });

    const openEvents = async (instance: typeof sample.one, token: string, lastEventId?: string) => {
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
      const client = await SseClient.open(`${instance.url}/tasks/events`, headers);
      streams.push(client);
      expect(client.status).to.equal(200);
      return client;
    };

    it('a logout on one instance ends the event stream of that session on the other within 2 s', async () => {
      const session = await sample.login(sample.one, 'viewer');
      const other = await sample.login(sample.one, 'viewer');
      const stream = await openEvents(sample.one, session.accessToken);
      const bystander = await openEvents(sample.one, other.accessToken);
      await request(sample.two.url)
        .post('/auth/logout')
        .auth(session.accessToken, { type: 'bearer' })
        .expect(200);
      expect(await endsWithin(stream, 2000)).to.equal(true);
      expect(await endsWithin(bystander, 200)).to.equal(false);
      await request(sample.one.url).get('/auth/me').auth(session.accessToken, { type: 'bearer' }).expect(401);
    });

    it('a logout on one instance closes the sockets of that session on the other with 4401 within 2 s', async () => {
      const login = await sample.login(sample.one, 'developer');
      const client = await TestClient.connect(`${wsUrl(sample.one.url, '/chat')}?token=${login.accessToken}`);
      sockets.push(client);
      expect(await client.next()).to.include({ type: 'welcome' });
      await request(sample.two.url)
        .post('/auth/logout')
        .auth(login.accessToken, { type: 'bearer' })
        .expect(200);
      expect(await closedWithin(client)).to.deep.equal({ code: 4401, reason: 'Session ended' });
    });

    it('a chat message sent on one instance reaches the clients on both, once, and not the sender', async () => {
      const join = async (instance: typeof sample.one, username: string) => {
        const client = await joinChat(sample, instance, username);
        sockets.push(client);
        return client;
      };
      const ada = await join(sample.one, 'developer');
      const bob = await join(sample.two, 'viewer');
      expect(await ada.ask({ type: 'message', text: 'hola' })).to.have.property('type', 'sent');
      expect(await bob.next()).to.include({ type: 'message', text: 'hola', from: 'developer' });
      await expectSilence(200, ada, bob);
    });

    it('a chat message as large as the chat allows (2,000 control characters) reaches the other instance too', async () => {
      const ada = await joinChat(sample, sample.one, 'developer');
      const bob = await joinChat(sample, sample.two, 'viewer');
      const cy = await joinChat(sample, sample.one, 'manager');
      sockets.push(ada, bob, cy);
      // Each control character is six bytes as JSON: some 12 KB, over a NOTIFY's 8,000 bytes.
      const text = '\u0001'.repeat(2000);
      expect(await ada.ask({ type: 'message', text })).to.have.property('type', 'sent');
      expect(await bob.next()).to.include({ type: 'message', text, from: 'developer' });
      expect(await cy.next()).to.include({ type: 'message', text, from: 'developer' });
      await expectSilence(200, ada, bob, cy);
    });

    it('streams on one instance the tasks created on the other, and replays on either what was missed', () =>
      expectTaskEventsAcrossInstances(sample, openEvents));
  });
});
