import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import type { Logger } from 'pino';
import { ServiceUnavailableException } from '../../src/kernel';
import { loadOptional } from '../../src/optional';
import type { BroadcastEnvelope, Broadcaster, BroadcastListener, Unsubscribe } from '../../src/websocket';
import { LocalBroadcaster } from '../../src/websocket';
import { BROADCAST_ROW_SECONDS, BroadcastRows } from './broadcast-rows';
import {
  decodeWire,
  encodeEnvelope,
  referencePrefix,
  type WireEnvelope,
  type WireMessage,
} from './broadcast-wire';
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

/** The largest broadcast sent in the notification itself, in bytes (PostgreSQL takes 8,000); larger ones go through a row. */
export const MAX_NOTIFY_BYTES = 7900;

/** The largest broadcast `PostgresBroadcaster` carries, in bytes of data (1 MiB); larger ones are refused. */
export const MAX_BROADCAST_BYTES = 1024 * 1024;

const CONNECT_TIMEOUT_MS = 2000;
const RECONNECT_MS = 1000;

// A row holds a broadcast, never another reference.
function envelopeOf(message: WireMessage | undefined): WireEnvelope | undefined {
  return message && 'envelope' in message ? message.envelope : undefined;
}

/**
 * Fan-out through PostgreSQL `LISTEN/NOTIFY`, for instances that share a PostgreSQL database and
 * no Redis: gateway broadcasts, session revocations (logout ends sockets and event streams on
 * every instance) and event-feed announcements. One connection per instance, opened on first
 * use, listens on one channel and sends the notifications; the publishing instance delivers to
 * its own subscribers at once. While the server is unreachable `publish` rejects with 503 (its
 * own subscribers still get the message), and the connection is restored every second; what
 * was notified meanwhile is lost, as with Redis pub/sub. A message over `MAX_NOTIFY_BYTES` is
 * kept in a row of `trellis_broadcast_payloads` (created on first use, rows deleted after a
 * minute) whose id is notified; one over `MAX_BROADCAST_BYTES` is refused before any delivery.
 * The `database` module binds one as the `BROADCASTER` on PostgreSQL unless another is set.
 * @example app.override(BROADCASTER, new PostgresBroadcaster({ connectionString: process.env.DATABASE_URL! }));
 */
export class PostgresBroadcaster implements Broadcaster {
  /** This instance's id: its own notifications are not delivered twice. */
  readonly instanceId: string;
  private readonly local = new LocalBroadcaster();
  private readonly rows = new BroadcastRows();
  private readonly channel: string;
  private readonly logger?: Logger;
  private client?: Client;
  private connecting?: Promise<Client>;
  private retry?: NodeJS.Timeout;
  private sending: Promise<unknown> = Promise.resolve();
  // Notifications are handed on in the order they came, a row's read included.
  private receiving: Promise<void> = Promise.resolve();
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
    // Checked before any delivery: a broadcast refused here reaches no one, this instance included.
    const bytes = Buffer.byteLength(envelope.data);
    if (bytes > MAX_BROADCAST_BYTES)
      throw databaseModuleError('TRELLIS_ERR_BROADCAST_TOO_LARGE', bytes, MAX_BROADCAST_BYTES);
    const wire: WireEnvelope = { i: this.instanceId, g: gateway, d: envelope.data };
    if (envelope.room !== undefined) wire.r = envelope.room;
    if (envelope.senderId !== undefined) wire.s = envelope.senderId;
    const text = encodeEnvelope(wire);
    this.local.publish(gateway, envelope);
    try {
      const client = await this.connection();
      // One query at a time on the connection (pg queues them, but is to stop doing so).
      const sent = this.sending.then(
        (): Promise<unknown> =>
          Buffer.byteLength(text) <= MAX_NOTIFY_BYTES
            ? client.query('SELECT pg_notify($1, $2)', [this.channel, text])
            : this.rows.send(client, this.channel, referencePrefix(this.instanceId), text),
      );
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
    client.on('notification', (message) => {
      this.receiving = this.receiving
        .then(() => this.receive(client, message.payload))
        .catch((err) => this.logger?.error({ err, channel: this.channel }, 'broadcast listener failed'));
    });
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

  private async receive(client: Client, payload: string | undefined): Promise<void> {
    const message = decodeWire(payload);
    if (message && 'reference' in message) {
      if (message.reference.i === this.instanceId) return;
      return this.receiveRow(client, message.reference.p);
    }
    this.deliver(envelopeOf(message));
  }

  private async receiveRow(client: Client, id: string): Promise<void> {
    try {
      const text = await this.rows.read(client, id);
      if (text === undefined)
        this.logger?.warn(
          { id, keptSeconds: BROADCAST_ROW_SECONDS },
          'broadcast row already deleted; ignored',
        );
      else this.deliver(envelopeOf(decodeWire(text)));
    } catch (err) {
      if (!this.closed) this.logger?.warn({ err, id }, 'broadcast row not read; ignored');
    }
  }

  private deliver(wire: WireEnvelope | undefined): void {
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
