import { expect } from 'chai';
import { databaseModule, MAX_NOTIFY_BYTES, PostgresBroadcaster } from '../../../modules/database';
import { createApp } from '../../../src/app/create-app';
import { BROADCASTER, type BroadcastEnvelope } from '../../../src/websocket/broadcaster';
import { LocalBroadcaster } from '../../../src/websocket/local-broadcaster';
import { type PostgresServer, startPostgresServer } from '../../support/postgres-server';

async function eventually(check: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not reached in ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('PostgresBroadcaster', () => {
  let postgres: PostgresServer;
  const made: PostgresBroadcaster[] = [];
  before(async function () {
    this.timeout(60_000);
    // Its own server: one spec stops and restarts it.
    postgres = await startPostgresServer();
  });
  afterEach(async () => {
    await Promise.all(made.splice(0).map((broadcaster) => broadcaster.close()));
  });
  after(() => postgres?.close());

  const instances = (channel = `spec_${made.length}_${Date.now()}`) => {
    const make = () => {
      const broadcaster = new PostgresBroadcaster({ connectionString: postgres.url, channel });
      made.push(broadcaster);
      return broadcaster;
    };
    return [make(), make()];
  };

  it('hands each envelope once to the subscribers of its gateway on every instance, the publisher included', async () => {
    const [one, two] = instances();
    const heard: Record<string, BroadcastEnvelope[]> = { one: [], two: [], other: [] };
    await one.subscribe('/chat', (envelope) => heard.one.push(envelope));
    await two.subscribe('/chat', (envelope) => heard.two.push(envelope));
    await two.subscribe('/other', (envelope) => heard.other.push(envelope));
    await one.publish('/chat', { data: '"hola"', room: 'lobby', senderId: 'c1' });
    await eventually(() => heard.two.length === 1);
    await new Promise((r) => setTimeout(r, 100));
    const expected = { data: '"hola"', room: 'lobby', senderId: 'c1' };
    expect(heard.one).to.deep.equal([expected]);
    expect(heard.two).to.deep.equal([expected]);
    expect(heard.other).to.deep.equal([]);
  });

  it('stops delivering to a subscription once it is stopped', async () => {
    const [one, two] = instances();
    const heard: string[] = [];
    const stop = await two.subscribe('/g', (envelope) => heard.push(envelope.data));
    await one.publish('/g', { data: '1' });
    await eventually(() => heard.length === 1);
    await stop();
    await one.publish('/g', { data: '2' });
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).to.deep.equal(['1']);
  });

  it('carries data as large as a NOTIFY takes whatever it holds: quotes and control characters are not escaped again', async () => {
    const [one, two] = instances();
    const heard: string[] = [];
    await two.subscribe('/g', (envelope) => heard.push(envelope.data));
    // 2,000 quotes, as a chat message may hold: 8,000 bytes once quoted again inside JSON.
    const data = JSON.stringify({ text: '"'.repeat(2000), line: 'a\nb\u0001' });
    await one.publish('/g', { data });
    await eventually(() => heard.length === 1);
    expect(heard).to.deep.equal([data]);
  });

  it('refuses a message larger than a NOTIFY payload, before sending it', async () => {
    const [one] = instances();
    const data = 'x'.repeat(MAX_NOTIFY_BYTES);
    let error: unknown;
    await one.publish('/g', { data }).catch((err) => (error = err));
    expect((error as { code?: string }).code).to.equal('TRELLIS_ERR_BROADCAST_TOO_LARGE');
  });

  it('answers 503 while PostgreSQL is down and delivers again once it is back', async function () {
    this.timeout(60_000);
    const [one, two] = instances();
    const heard: string[] = [];
    await two.subscribe('/g', (envelope) => heard.push(envelope.data));
    await postgres.stop();
    try {
      let error: { statusCode?: number } | undefined;
      await one.publish('/g', { data: 'lost' }).catch((err) => (error = err));
      expect(error?.statusCode).to.equal(503);
    } finally {
      await postgres.start();
    }
    const deadline = Date.now() + 10_000;
    while (heard.length === 0 && Date.now() < deadline) {
      await one.publish('/g', { data: 'back' }).catch(() => {});
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(heard[0]).to.equal('back');
  });

  it('is the broadcaster the database module binds on PostgreSQL, unless the application set one', async () => {
    const onPostgres = createApp({}).install(databaseModule, { url: postgres.url });
    const withOwn = createApp({ websocket: { broadcaster: new LocalBroadcaster() } }).install(
      databaseModule,
      {
        url: postgres.url,
      },
    );
    const onSqlite = createApp({}).install(databaseModule, { url: ':memory:' });
    try {
      expect(onPostgres.container.get(BROADCASTER)).to.be.instanceOf(PostgresBroadcaster);
      expect(withOwn.container.isBound(BROADCASTER)).to.equal(false);
      expect(onSqlite.container.isBound(BROADCASTER)).to.equal(false);
    } finally {
      await Promise.all([onPostgres.close(), withOwn.close(), onSqlite.close()]);
    }
  });
});
