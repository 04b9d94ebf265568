import type { Logger } from 'pino';
import type { BroadcastEnvelope, Broadcaster, Unsubscribe } from '../websocket';
import { PayloadNotJsonError } from './graphql-errors';
import { TopicStream } from './topic-stream';

/** The broadcaster channel of a topic; gateway paths start with '/', so the two never meet. */
const channelOf = (topic: string) => `graphql:${topic}`;

interface Topic {
  streams: Set<TopicStream<unknown>>;
  subscribed: Promise<Unsubscribe | undefined>;
}

/**
 * Feeds GraphQL subscriptions: `publish(topic, payload)` reaches every `subscribe(topic)` on every
 * instance, through the application's `Broadcaster` (Redis when several instances share one).
 * A payload travels as JSON, so it arrives as JSON would parse it (dates as ISO strings, which
 * the DateTime scalar takes), on this instance as on the others.
 * @example
 * constructor(private readonly events: SubscriptionPublisher) {}
 * create(task) { ...; void this.events.publish('taskCreated', task); }
 * @Subscription(TaskSchema) taskCreated() { return this.events.subscribe('taskCreated'); }
 */
export class SubscriptionPublisher {
  private readonly topics = new Map<string, Topic>();
  private resolved?: Broadcaster;

  constructor(
    private readonly broadcaster: () => Broadcaster,
    private readonly logger: Logger,
    /** Unread events kept per subscriber before the oldest are dropped. */
    private readonly capacity = 256,
  ) {}

  /**
   * Sends `payload` to the subscribers of `topic`. Never rejects: a failed fan-out (Redis down)
   * is logged, as a notification lost must not fail the operation that caused it.
   */
  async publish(topic: string, payload: unknown): Promise<void> {
    const data = JSON.stringify(payload);
    if (data === undefined) throw new PayloadNotJsonError();
    try {
      await this.bus().publish(channelOf(topic), { data });
    } catch (err) {
      this.logger.error({ err, topic }, 'subscription publish failed');
    }
  }

  /** The events of `topic` from now on, until the iterator is returned. */
  subscribe<T = unknown>(topic: string): AsyncIterableIterator<T> {
    let entry = this.topics.get(topic);
    if (!entry) {
      const streams = new Set<TopicStream<unknown>>();
      entry = { streams, subscribed: this.listen(topic, streams) };
      this.topics.set(topic, entry);
    }
    const { streams } = entry;
    // Said once per subscriber: a stalled one would otherwise log every event it misses.
    let warned = false;
    const onDrop = () => {
      if (warned) return;
      warned = true;
      this.logger.warn({ topic }, 'slow subscriber: its oldest unread events are being dropped');
    };
    const stream: TopicStream<unknown> = new TopicStream(
      () => this.leave(topic, stream),
      this.capacity,
      onDrop,
    );
    streams.add(stream);
    return stream as TopicStream<T>;
  }

  /** How many subscribers `topic` has on this instance. */
  subscribers(topic: string): number {
    return this.topics.get(topic)?.streams.size ?? 0;
  }

  // Asked for once, on first use (the application binds it at `ready()`): no publish looks it up.
  private bus(): Broadcaster {
    this.resolved ??= this.broadcaster();
    return this.resolved;
  }

  private async listen(topic: string, streams: Set<TopicStream<unknown>>): Promise<Unsubscribe | undefined> {
    const deliver = ({ data }: BroadcastEnvelope) => {
      const payload: unknown = JSON.parse(data);
      for (const stream of streams) stream.push(payload);
    };
    try {
      return await this.bus().subscribe(channelOf(topic), deliver);
    } catch (err) {
      this.logger.error({ err, topic }, 'subscription topic not subscribed');
      return undefined;
    }
  }

  private leave(topic: string, stream: TopicStream<unknown>): void {
    const entry = this.topics.get(topic);
    if (!entry) return;
    entry.streams.delete(stream);
    if (entry.streams.size > 0) return;
    this.topics.delete(topic);
    void entry.subscribed.then((unsubscribe) => unsubscribe?.()).catch(() => {});
  }
}
