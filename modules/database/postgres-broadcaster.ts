import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import type { Logger } from 'pino';
import { ServiceUnavailableException } from '../../src/kernel';
import { loadOptional } from '../../src/optional';
import type { BroadcastEnvelope, Broadcaster, BroadcastListener, Unsubscribe } from '../../src/websocket';
import { LocalBroadcaster } from '../../src/websocket';
import { databaseModuleError } from './database-errors';
import { DATABASE_UNAVAILABLE_MESSAGE } from './database-unavailable';

type Pg = typeof import('pg');

/** What `PostgresBroadcaster` is built from. */
export interface PostgresBroadcasterOptions {
  /** The server to fan out through (`postgres://...`): every instance names the same database. */
  connectionString: string;
  /** The LISTEN/NOTIFY channel; default `trellis_broadcast`. Instances of one application share it. */
  channel?: string;
  /** Where lost connections and malformed messages are reported. */
  logger?: Logger;
  /** This instance's id (default a random UUID): its own notifications are not delivered twice. */
  instanceId?: string;
}

/** The largest NOTIFY payload PostgreSQL takes, in bytes (8,000 less a margin). */
export const MAX_NOTIFY_BYTES = 7900;

const CONNECT_TIMEOUT_MS = 2000;
const RECONNECT_MS = 1000;

// One notification on the wire: a header line with short keys (every instance parses every one),
// then the data as it was given. The data is already JSON: quoted again inside the header it
// would grow (a quote takes two bytes, a control character six) past what a NOTIFY carries.
interface WireEnvelope {
  i: string;
  g: string;
  d: string;
  r?: string;
  s?: string;
}

function encode(wire: WireEnvelope): string {
  const { d, ...header } = wire;
  // JSON.stringify writes no raw line break, so the first one ends the header.
  return `${JSON.stringify(header)}\n${d}`;
}

function decode(payload: string | undefined): WireEnvelope | undefined {
  try {
    const text = payload ?? '';
    const end = text.indexOf('\n');
    // An instance of an earlier release sends the data inside the header: both are read.
    const value = (
      end === -1 ? JSON.parse(text) : { ...JSON.parse(text.slice(0, end)), d: text.slice(end + 1) }
    ) as Partial<WireEnvelope> | null;
    if (typeof value?.i !== 'string' || typeof value.g !== 'string' || typeof value.d !== 'string')
      return undefined;
    return value as WireEnvelope;
  } catch {
    return undefined;
  }
}

/**
 * Fan-out through PostgreSQL `LISTEN/NOTIFY`, for instances that share a PostgreSQL database and
 * no Redis: gateway broadcasts, session revocations (logout ends sockets and event streams on
 * every instance) and event-feed announcements. One connection per instance, opened on first
 * use, listens on one channel and sends the notifications; the publishing instance delivers to
 * its own subscribers at once. While the server is unreachable `publish` rejects with 503 (its
 * own subscribers still get the message), and the connection is restored every second; what
 * was notified meanwhile is lost, as with Redis pub/sub. A message is at most `MAX_NOTIFY_BYTES`.
 * The `database` module binds one as the `BROADCASTER` on PostgreSQL unless another is set.
 * @example app.override(BROADCASTER, new PostgresBroadcaster({ connectionString: process.env.DATABASE_URL! }));
 */
export class PostgresBroadcaster implements Broadcaster {
  /** This instance's id: its own notifications are not delivered twice. */
  readonly instanceId: string;
  private readonly local = new LocalBroadcaster();
  private readonly channel: string;
  private readonly logger?: Logger;
  private client?: Client;
  private connecting?: Promise<Client>;
  private retry?: NodeJS.Timeout;
  private sending: Promise<unknown> = Promise.resolve();
  // Set on the first subscription: from then on a lost connection is restored.
  private listening = false;
  private closed = false;

  constructor(private readonly options: PostgresBroadcasterOptions) {
    this.channel = options.channel ?? 'trellis_broadcast';
    this.instanceId = options.instanceId ?? randomUUID();
    this.logger = options.logger;
  }

  /** {@inheritDoc Broadcaster.publish} */
  async publish(gateway: string, envelope: BroadcastEnvelope): Promise<void> {
    this.local.publish(gateway, envelope);
    const wire: WireEnvelope = { i: this.instanceId, g: gateway, d: envelope.data };
    if (envelope.room !== undefined) wire.r = envelope.room;
    if (envelope.senderId !== undefined) wire.s = envelope.senderId;
    const payload = encode(wire);
    const bytes = Buffer.byteLength(payload);
    if (bytes > MAX_NOTIFY_BYTES)
      throw databaseModuleError('TRELLIS_ERR_BROADCAST_TOO_LARGE', bytes, MAX_NOTIFY_BYTES);
    try {
      const client = await this.connection();
      // One query at a time on the connection (pg queues them, but is to stop doing so).
      const sent = this.sending.then(() => client.query('SELECT pg_notify($1, $2)', [this.channel, payload]));
      this.sending = sent.catch(() => {});
      await sent;
    } catch (err) {
      throw new ServiceUnavailableException(DATABASE_UNAVAILABLE_MESSAGE, {
        cause: err,
        headers: { 'Retry-After': '1' },
      });
    }
  }

  /** {@inheritDoc Broadcaster.subscribe} */
  async subscribe(gateway: string, listener: BroadcastListener): Promise<Unsubscribe> {
    const stop = this.local.subscribe(gateway, listener);
    this.listening = true;
    // A failed LISTEN is not thrown: this instance still serves its own subscribers, and the
    // connection is restored in the background.
    await this.connection().catch((err) => {
      this.logger?.warn({ err }, 'broadcast channel not listened to yet; retrying');
      this.reconnectLater();
    });
    return stop;
  }

  /** Closes the connection; the broadcaster is not used after. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private connection(): Promise<Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async connect(): Promise<Client> {
    if (this.closed) throw databaseModuleError('TRELLIS_ERR_BROADCASTER_CLOSED');
    const pg = loadOptional<Pg>('pg', 'PostgresBroadcaster');
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    client.on('notification', (message) => this.receive(message.payload));
    client.on('error', (err) => {
      this.logger?.warn({ err }, 'broadcast connection lost');
      this.drop(client);
    });
    client.on('end', () => this.drop(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(this.channel)}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      throw databaseModuleError('TRELLIS_ERR_BROADCASTER_CLOSED');
    }
    this.client = client;
    return client;
  }

  private drop(client: Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    void client.end().catch(() => {});
    this.reconnectLater();
  }

  private reconnectLater(): void {
    if (this.closed || !this.listening || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.connection().catch(() => this.reconnectLater());
    }, RECONNECT_MS);
    this.retry.unref();
  }

  private receive(payload: string | undefined): void {
    const wire = decode(payload);
    if (!wire) {
      this.logger?.warn({ channel: this.channel }, 'malformed broadcast ignored');
      return;
    }
    if (wire.i === this.instanceId) return;
    const envelope: BroadcastEnvelope = { data: wire.d };
    if (wire.r !== undefined) envelope.room = wire.r;
    if (wire.s !== undefined) envelope.senderId = wire.s;
    this.local.publish(wire.g, envelope);
  }
}
