import { BadRequestException } from '../kernel';
import { EventChannel } from '../sse/event-channel';
import type { SseEvent } from '../sse/sse-event';
import { type Broadcaster, LocalBroadcaster, type Unsubscribe } from '../websocket';
import type { FeedStore, StoredEvent } from './feed-store';
import { MemoryFeedStore } from './memory-feed-store';

/** Where an `EventFeed` keeps events and how it tells other instances about new ones. */
export interface EventFeedOptions {
  /** Default: the last 1,000 events of each topic in memory (`RedisFeedStore` for several instances). */
  store?: FeedStore;
  /** Carries new events to the streams of every instance; default in-process (`RedisBroadcaster` across instances). */
  broadcaster?: Broadcaster;
}

/** A feed event as its streams send it: an integer id, a name and the data. */
export type FeedEvent<T = unknown> = SseEvent<T> & { id: number };

// Not a path, so no gateway can share the channel.
const channelOf = (topic: string) => `trellis:feed:${topic}`;

const DIGITS = /^\d{1,16}$/;

// Events up to this many characters of JSON travel in their announcement; larger ones by id.
const INLINE_ANNOUNCEMENT_CHARS = 2048;

/** The event name of a feed's reset: what the client had cannot be resumed (see `stream`). */
export const FEED_RESET_EVENT = 'reset';

/** Why a stream began with a reset. */
export type FeedResetReason = 'history-lost' | 'unknown-id';

/** The data of a reset event. */
export interface FeedReset {
  /** `history-lost`: events after the client's id are no longer kept (a restart, or too many since); `unknown-id`: the id is ahead of the feed. */
  reason: FeedResetReason;
  /** The `Last-Event-ID` the client sent. */
  lastEventId: string;
}

function decode(stored: StoredEvent): FeedEvent {
  const { event, data } = JSON.parse(stored.payload) as { event?: string; data: unknown };
  return event === undefined ? { id: stored.id, data } : { id: stored.id, event, data };
}

// Every stream of a topic hears the same announcement: the newest event is decoded once, and the
// same object goes to every stream (which formats it once, too).
let lastDecoded: { stored: StoredEvent; event: FeedEvent } | undefined;
function decodeShared(stored: StoredEvent): FeedEvent {
  if (lastDecoded?.stored.id === stored.id && lastDecoded.stored.payload === stored.payload)
    return lastDecoded.event;
  const event = decode(stored);
  lastDecoded = { stored, event };
  return event;
}

/**
 * A resumable event feed: each topic keeps its last events with increasing integer ids, and
 * `stream(topic, lastEventId)` replays what a reconnecting client missed before going live, on
 * this instance or, with a shared store and broadcaster (Redis), on any other.
 * @example @Sse('/events') events(@LastEventId() last?: string) { return feed.stream('tasks', last); }
 */
export class EventFeed {
  private readonly store: FeedStore;
  private readonly broadcaster: Broadcaster;

  constructor(options: EventFeedOptions = {}) {
    this.store = options.store ?? new MemoryFeedStore();
    this.broadcaster = options.broadcaster ?? new LocalBroadcaster();
  }

  /** Keeps the event, sends it to the open streams of `topic`, and resolves to it with its id. */
  async publish<T>(topic: string, data: T, event?: string): Promise<FeedEvent<T>> {
    const payload = JSON.stringify({ event, data });
    const id = await this.store.append(topic, payload);
    const sent: FeedEvent<T> = event === undefined ? { id, data } : { id, event, data };
    // A large event is announced by its id alone, and streams read it from the store: a
    // broadcaster may carry little (a PostgreSQL notification takes 8,000 bytes).
    const announcement = payload.length > INLINE_ANNOUNCEMENT_CHARS ? String(id) : `${id} ${payload}`;
    await this.broadcaster.publish(channelOf(topic), { data: announcement });
    return sent;
  }

  /**
   * The events of `topic` after `lastEventId` (when given, a non-negative integer, else a 400),
   * then every new one, each once and in id order, until the stream is closed. When the store
   * cannot resume after `lastEventId` (events dropped since, an id from before a restart, an id
   * ahead of the feed), the stream begins with a `reset` event (`FeedReset` data, the id it goes
   * on from) and then sends what is kept after that id. `0` asks for everything kept, no reset.
   */
  stream(topic: string, lastEventId?: string): AsyncIterableIterator<FeedEvent> {
    if (
      lastEventId !== undefined &&
      (!DIGITS.test(lastEventId) || !Number.isSafeInteger(Number(lastEventId)))
    )
      throw new BadRequestException('Last-Event-ID must be a non-negative integer');
    let last = lastEventId === undefined ? undefined : Number(lastEventId);
    let unsubscribe: Unsubscribe | undefined;
    const channel = new EventChannel<FeedEvent>(() => void unsubscribe?.());
    // The stream goes on after `from`, told first that what the client had is gone.
    const reset = (from: number, reason: FeedResetReason) => {
      const data: FeedReset = { reason, lastEventId: lastEventId as string };
      channel.push({ id: from, event: FEED_RESET_EVENT, data });
      last = from;
    };
    const send = (events: StoredEvent[]) => {
      for (const stored of events) {
        if (last !== undefined && stored.id <= last) continue;
        channel.push(decodeShared(stored));
        last = stored.id;
      }
    };
    // One step at a time: a live event waits for the replay, and each read starts after the last sent.
    let steps: Promise<void> = Promise.resolve();
    const step = (work: () => Promise<void>) => {
      steps = steps.then(() => (channel.ended ? undefined : work())).catch(() => channel.end());
    };
    // The next event in line is sent as broadcast; after a gap (two instances published out of
    // order, or events came during the replay) the store, read after the last id sent, fills it.
    const catchUp = async (announced?: { id: number; payload?: string }) => {
      if (last === undefined) {
        // A client without history starts at the first event announced after it connected.
        if (announced === undefined) return;
        last = announced.id - 1;
      }
      if (announced !== undefined && announced.id <= last) return;
      if (announced?.payload !== undefined && announced.id === last + 1) send([announced as StoredEvent]);
      else send(await this.store.after(topic, last));
    };
    step(async () => {
      const subscribed = await this.broadcaster.subscribe(channelOf(topic), (envelope) => {
        const space = envelope.data.indexOf(' ');
        const announced =
          space === -1
            ? { id: Number(envelope.data) }
            : { id: Number(envelope.data.slice(0, space)), payload: envelope.data.slice(space + 1) };
        step(() => catchUp(announced));
      });
      if (channel.ended) await subscribed();
      else unsubscribe = subscribed;
      if (last !== undefined && last !== 0) await this.checkResumable(topic, last, reset);
      await catchUp();
    });
    return channel;
  }

  // An id the store cannot resume after (from before a restart, dropped past the capacity, or
  // ahead of the feed) would otherwise open a stream that stays silent or skips events unseen.
  private async checkResumable(
    topic: string,
    last: number,
    reset: (from: number, reason: FeedResetReason) => void,
  ): Promise<void> {
    if (!this.store.span) return;
    const { oldest, newest } = await this.store.span(topic);
    if (last > newest) reset(newest, 'unknown-id');
    else if (last < oldest - 1) reset(oldest - 1, 'history-lost');
  }
}
