/** One event as a feed keeps it: its id in the topic, and its payload as JSON. */
export interface StoredEvent {
  /** Its id in the topic: 1, 2, 3, ... */
  id: number;
  /** The event (its name and data) as JSON. */
  payload: string;
}

/** Where an `EventFeed` keeps the last events of each topic: in memory, or in Redis for several instances. */
export interface FeedStore {
  /** Keeps `payload` as the topic's next event (dropping the oldest past the capacity); resolves to its id. */
  append(topic: string, payload: string): Promise<number>;
  /** The kept events of `topic` whose id is greater than `lastId`, oldest first. */
  after(topic: string, lastId: number): Promise<StoredEvent[]>;
}
