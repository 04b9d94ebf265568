import type { FeedSpan, FeedStore, StoredEvent } from './feed-store';

// The first id of every topic: the time the store was made, in microseconds. A restarted process
// gives ids above the last run's (unless that run published more than a million events a second
// on average), so ids increase across restarts and an id of the last run is seen as one.
let lastFirstId = 0;
function firstId(): number {
  lastFirstId = Math.max(Date.now() * 1000, lastFirstId + 1_000_000);
  return lastFirstId;
}

/**
 * The last `capacity` events of each topic, in this process. Ids are consecutive integers from
 * the time the store was made in microseconds (about 1.8e15), so they keep increasing across
 * restarts and a `Last-Event-ID` from before a restart gets a reset instead of silence.
 */
export class MemoryFeedStore implements FeedStore {
  private readonly topics = new Map<string, { next: number; events: StoredEvent[] }>();
  private readonly first = firstId();

  /** Keeps at least the last `capacity` events of each topic (default 1,000). */
  constructor(private readonly capacity = 1000) {}

  /** Keeps `payload` as the topic's next event; resolves to its id. */
  async append(topic: string, payload: string): Promise<number> {
    let kept = this.topics.get(topic);
    if (!kept) {
      kept = { next: this.first, events: [] };
      this.topics.set(topic, kept);
    }
    const id = kept.next++;
    kept.events.push({ id, payload });
    // Trimmed in batches, so that a full topic does not shift its array on every event.
    if (kept.events.length > this.capacity * 1.25) kept.events.splice(0, kept.events.length - this.capacity);
    return id;
  }

  /** The kept events of `topic` after `lastId`, oldest first. */
  async after(topic: string, lastId: number): Promise<StoredEvent[]> {
    const events = this.topics.get(topic)?.events ?? [];
    // Ids are consecutive, so the first one to send is found by arithmetic, not by a scan.
    const start = events.length === 0 ? 0 : Math.max(0, lastId - events[0].id + 1);
    return events.slice(start);
  }

  /** The oldest kept id of `topic` and the last given. */
  async span(topic: string): Promise<FeedSpan> {
    const kept = this.topics.get(topic);
    if (!kept || kept.events.length === 0) {
      const next = kept?.next ?? this.first;
      return { oldest: next, newest: next - 1 };
    }
    return { oldest: kept.events[0].id, newest: kept.next - 1 };
  }
}
