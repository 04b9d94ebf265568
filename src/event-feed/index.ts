export {
  EventFeed,
  type EventFeedOptions,
  FEED_RESET_EVENT,
  type FeedEvent,
  type FeedReset,
  type FeedResetReason,
} from './event-feed';
export type { FeedSpan, FeedStore, StoredEvent } from './feed-store';
export { MemoryFeedStore } from './memory-feed-store';
export { RedisFeedStore, type RedisFeedStoreOptions } from './redis-feed-store';
