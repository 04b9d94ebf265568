import type { FeedStore, StoredEvent } from './feed-store';

/** The last `capacity` events of each topic, in this process; ids count from 1 per topic. */
export class MemoryFeedStore implements FeedStore {
  private readonly topics = new Map<string, { next: number; events: StoredEvent[] }>();

  /** Keeps at least the last `capacity` events of each topic (default 1,000). */
  constructor(private readonly capacity = 1000) {}

  /** Keeps `payload` as the topic's next event; resolves to its id. */
  async append(topic: string, payload: string): Promise<number> {
    let kept = this.topics.get(topic);
    if (!kept) {
      kept = { next: 1, events: [] };
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
}
