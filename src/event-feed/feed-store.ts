/** One event as a feed keeps it: its id in the topic, and its payload as JSON. */
export interface StoredEvent {
  /** Its id in the topic: increasing integers. */
  id: number;
  /** The event (its name and data) as JSON. */
  payload: string;
}

/**
 * What a store can replay of a topic: after any id from `oldest - 1` to `newest`, nothing is
 * missing; an id below (events dropped, or from before a restart) or above (from another feed)
 * cannot be resumed.
 */
export interface FeedSpan {
  /** The oldest event kept (the next id to be given when none is kept). */
  oldest: number;
  /** The last id given (`oldest - 1` when none was). */
  newest: number;
}

/** Where an `EventFeed` keeps the last events of each topic: in memory, or in Redis for several instances. */
export interface FeedStore {
  /** Keeps `payload` as the topic's next event (dropping the oldest past the capacity); resolves to its id. */
  append(topic: string, payload: string): Promise<number>;
  /** The kept events of `topic` whose id is greater than `lastId`, oldest first. */
  after(topic: string, lastId: number): Promise<StoredEvent[]>;
  /** What can be replayed of `topic`; a store without it resumes every id as it can. */
  span?(topic: string): Promise<FeedSpan>;
}
