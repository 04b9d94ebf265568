import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { type RedisClient as Redis, withRedis } from '../redis';
import type { BroadcastEnvelope, Broadcaster, BroadcastListener, Unsubscribe } from './broadcaster';
import { LocalBroadcaster } from './local-broadcaster';

/** What `RedisBroadcaster` is built from. */
export interface RedisBroadcasterOptions {
  /** Publishes broadcasts; may be the connection the stores use. */
  publisher: Redis;
  /** Receives them: a connection of its own, as a subscribed connection can do nothing else. */
  subscriber: Redis;
  /** Prepended to the gateway path to name its channel; default `'trellis:ws:'`. */
  prefix?: string;
  /** This instance on the wire, so it skips its own broadcasts coming back; default random. */
  instanceId?: string;
  /** Where lost subscriptions and stray messages are reported. */
  logger?: Logger;
}

/** A broadcast as it travels between instances: short keys, as every message pays for them. */
interface WireEnvelope {
  /** The publishing instance. */
  i: string;
  d: string;
  r?: string;
  s?: string;
}

function isWireEnvelope(value: unknown): value is WireEnvelope {
  const wire = value as WireEnvelope | null;
  return (
    typeof wire?.i === 'string' &&
    typeof wire.d === 'string' &&
    (wire.r === undefined || typeof wire.r === 'string') &&
    (wire.s === undefined || typeof wire.s === 'string')
  );
}

function decode(message: string): WireEnvelope | undefined {
  try {
    const wire: unknown = JSON.parse(message);
    return isWireEnvelope(wire) ? wire : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Gateway broadcasts on every instance through Redis pub/sub: one channel per gateway path.
 * A broadcast reaches this instance's clients at once, in process, and the others through
 * Redis; each instance skips its own messages when they come back, so nobody gets one twice
 * and the sender (excluded by its connection id) gets none. While Redis is down, broadcasts
 * still reach this instance's clients; those meant for other instances are lost (pub/sub
 * keeps nothing), and subscriptions are restored on reconnection.
 * @example
 * createApp({ gateways: [ChatGateway], websocket: {
 *   broadcaster: new RedisBroadcaster({ publisher: redis, subscriber: createRedisClient(url) }) } });
 */
export class RedisBroadcaster implements Broadcaster {
  /** This instance's id: its own messages are not delivered twice. */
  readonly instanceId: string;
  private readonly local = new LocalBroadcaster();
  /** Channel -> gateway path, and how many local subscriptions hold the channel. */
  private readonly channels = new Map<string, { gateway: string; holders: number }>();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly prefix: string;
  private readonly logger?: Logger;

  constructor(options: RedisBroadcasterOptions) {
    this.publisher = options.publisher;
    this.subscriber = options.subscriber;
    this.prefix = options.prefix ?? 'trellis:ws:';
    this.instanceId = options.instanceId ?? randomUUID();
    this.logger = options.logger;
    this.subscriber.on('message', this.receive);
    // Covers channels whose first SUBSCRIBE failed as well as those a reconnection dropped.
    this.subscriber.on('ready', () => {
      for (const channel of this.channels.keys()) void this.listen(channel);
    });
  }

  /** {@inheritDoc Broadcaster.publish} */
  async publish(gateway: string, envelope: BroadcastEnvelope): Promise<void> {
    this.local.publish(gateway, envelope);
    const wire: WireEnvelope = {
      i: this.instanceId,
      d: envelope.data,
      r: envelope.room,
      s: envelope.senderId,
    };
    const channel = this.prefix + gateway;
    await withRedis(this.publisher, () => this.publisher.publish(channel, JSON.stringify(wire)));
  }

  /** {@inheritDoc Broadcaster.subscribe} */
  async subscribe(gateway: string, listener: BroadcastListener): Promise<Unsubscribe> {
    const stopLocal = this.local.subscribe(gateway, listener);
    const channel = this.prefix + gateway;
    const entry = this.channels.get(channel);
    if (entry) entry.holders++;
    else {
      this.channels.set(channel, { gateway, holders: 1 });
      await this.listen(channel);
    }
    let subscribed = true;
    return async () => {
      if (!subscribed) return;
      subscribed = false;
      stopLocal();
      const current = this.channels.get(channel);
      if (!current || --current.holders > 0) return;
      this.channels.delete(channel);
      await withRedis(this.subscriber, () => this.subscriber.unsubscribe(channel)).catch(() => {});
    };
  }

  // A failed SUBSCRIBE is not thrown: the instance still serves its own clients, and the
  // 'ready' handler subscribes again once Redis is back.
  private async listen(channel: string): Promise<void> {
    try {
      await withRedis(this.subscriber, () => this.subscriber.subscribe(channel));
    } catch (err) {
      this.logger?.warn({ err, channel }, 'broadcast channel not subscribed yet; retrying on reconnection');
    }
  }

  private readonly receive = (channel: string, message: string): void => {
    const entry = this.channels.get(channel);
    if (!entry) return;
    const wire = decode(message);
    if (!wire) {
      this.logger?.warn({ channel }, 'malformed broadcast ignored');
      return;
    }
    if (wire.i === this.instanceId) return;
    const envelope: BroadcastEnvelope = { data: wire.d };
    if (wire.r !== undefined) envelope.room = wire.r;
    if (wire.s !== undefined) envelope.senderId = wire.s;
    this.local.publish(entry.gateway, envelope);
  };
}
