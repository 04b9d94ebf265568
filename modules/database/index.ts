export { DatabaseConnection } from './database-connection';
export { DatabaseFeedStore, type DatabaseFeedStoreOptions } from './database-feed-store';
export { databaseModule } from './database-module';
export type { DatabaseMigrations, DatabaseOptions, SqliteDriver } from './database-options';
export { Database } from './database-token';
export { DatabaseIdempotencyStore } from './idempotency/database-idempotency-store';
export { type IdempotencyClaim, IdempotencyStore, type StoredAnswer } from './idempotency/idempotency-store';
export {
  type PurgeOptions,
  purgeExpiredIdempotencyKeys,
} from './idempotency/purge-expired-idempotency-keys';
export {
  RedisIdempotencyStore,
  type RedisIdempotencyStoreOptions,
} from './idempotency/redis-idempotency-store';
export { Idempotent, type IdempotentOptions } from './idempotent';
export {
  MAX_BROADCAST_BYTES,
  MAX_NOTIFY_BYTES,
  PostgresBroadcaster,
  type PostgresBroadcasterOptions,
} from './postgres-broadcaster';
export { Transactional } from './transactional';
