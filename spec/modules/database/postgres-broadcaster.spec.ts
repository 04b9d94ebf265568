import { expect } from 'chai';
import { Client } from 'pg';
import {
  databaseModule,
  MAX_BROADCAST_BYTES,
  MAX_NOTIFY_BYTES,
  PostgresBroadcaster,
} from '../../../modules/database';
import { createApp } from '../../../src/app/create-app';
import { BROADCASTER, type BroadcastEnvelope } from '../../../src/websocket/broadcaster';
import { LocalBroadcaster } from '../../../src/websocket/local-broadcaster';
import { expectCode } from '../../support/expect-code';
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
  const clients: Client[] = [];
  before(async function () {
    this.timeout(60_000);
    // Its own server: one spec stops and restarts it.
    postgres = await startPostgresServer();
  });
  afterEach(async () => {
    await Promise.all(made.splice(0).map((broadcaster) => broadcaster.close()));
    await Promise.all(clients.splice(0).map((client) => client.end()));
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

  // A plain connection to the spec's database, to see what travels and to act as another release.
  const connect = async () => {
    const client = new Client({ connectionString: postgres.url });
    clients.push(client);
    await client.connect();
    return client;
  };

  // What is notified on `channel`, as it travels.
  const tap = async (channel: string) => {
    const client = await connect();
    const payloads: string[] = [];
    client.on('notification', (message) => payloads.push(message.payload ?? ''));
    await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    return payloads;
  };

  // A chat message of 2,000 control characters, as the sample's chat accepts: 12 KB as JSON.
  const controlCharacters = () =>
    JSON.stringify({
      type: 'message',
      text: '\u0001'.repeat(2000),
      from: 'developer',
      at: new Date().toISOString(),
    });

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

  it('carries a 12 KB message of control characters to every instance once, in order, through a table row; small ones inline', async () => {
    const channel = `spec_large_${Date.now()}`;
    const [one, two] = instances(channel);
    const wire = await tap(channel);
    const heard: Record<string, string[]> = { one: [], two: [] };
    await one.subscribe('/chat', (envelope) => heard.one.push(envelope.data));
    await two.subscribe('/chat', (envelope) => heard.two.push(envelope.data));
    const large = controlCharacters();
    expect(Buffer.byteLength(large)).to.be.above(12_000);
    await Promise.all([one.publish('/chat', { data: large }), one.publish('/chat', { data: '"after"' })]);
    await eventually(() => heard.two.length === 2 && wire.length === 2);
    expect(heard.one).to.deep.equal([large, '"after"']);
    expect(heard.two).to.deep.equal([large, '"after"']);
    expect(Buffer.byteLength(wire[0])).to.be.at.most(MAX_NOTIFY_BYTES);
    expect(wire[0]).not.to.include('\\u0001');
    expect(wire[1].endsWith('\n"after"')).to.equal(true);
  });

  it('refuses a message over MAX_BROADCAST_BYTES with a coded error before delivering it anywhere, its own instance included', async () => {
    const [one, two] = instances();
    const heard: Record<string, string[]> = { one: [], two: [] };
    await one.subscribe('/g', (envelope) => heard.one.push(envelope.data));
    await two.subscribe('/g', (envelope) => heard.two.push(envelope.data));
    let error: unknown;
    await one
      .publish('/g', { data: JSON.stringify('x'.repeat(MAX_BROADCAST_BYTES)) })
      .catch((err) => (error = err));
    expectCode(error, 'TRELLIS_ERR_BROADCAST_TOO_LARGE');
    // Notifications arrive in order: once the next one is heard, the refused one would have been.
    await one.publish('/g', { data: '"next"' });
    await eventually(() => heard.two.length === 1);
    expect(heard).to.deep.equal({ one: ['"next"'], two: ['"next"'] });
  });

  it('deletes the rows of large broadcasts older than a minute', async () => {
    const [one] = instances();
    await one.publish('/g', { data: controlCharacters() });
    const client = await connect();
    const aged = await client.query<{ id: string }>(
      "INSERT INTO trellis_broadcast_payloads (created_at, data) VALUES (now() - interval '61 seconds', 'old') RETURNING id",
    );
    const [later] = instances();
    await later.publish('/g', { data: controlCharacters() });
    const kept = await client.query<{ id: string }>(
      'SELECT id FROM trellis_broadcast_payloads WHERE id = $1',
      [aged.rows[0].id],
    );
    expect(kept.rows).to.deep.equal([]);
    const recent = await client.query<{ count: string }>(
      "SELECT count(*) FROM trellis_broadcast_payloads WHERE created_at > now() - interval '1 minute'",
    );
    expect(Number(recent.rows[0].count)).to.be.at.least(2);
  });

  it('reads the notifications of earlier releases during a rolling upgrade', async () => {
    const channel = `spec_earlier_${Date.now()}`;
    const [one] = instances(channel);
    const heard: BroadcastEnvelope[] = [];
    await one.subscribe('/g', (envelope) => heard.push(envelope));
    const earlier = await connect();
    const notify = (payload: string) => earlier.query('SELECT pg_notify($1, $2)', [channel, payload]);
    // The data inside the JSON header, then after the header's line.
    await notify(JSON.stringify({ i: 'earlier', g: '/g', d: '"a"', r: 'lobby', s: 'c1' }));
    await notify(`${JSON.stringify({ i: 'earlier', g: '/g' })}\n{"text":"b\\u0001"}`);
    await eventually(() => heard.length === 2);
    expect(heard).to.deep.equal([
      { data: '"a"', room: 'lobby', senderId: 'c1' },
      { data: '{"text":"b\\u0001"}' },
    ]);
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
