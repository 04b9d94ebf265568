import type { Kysely } from 'kysely';
import { IDEMPOTENCY_KEYS_TABLE } from './idempotency-keys-migrations';

/** Options of `purgeExpiredIdempotencyKeys`. */
export interface PurgeOptions {
  /** The time rows expire against, in milliseconds since the epoch (default now). */
  now?: number;
  /** The most rows one statement deletes (default 1,000): no statement holds the table for long. */
  batchSize?: number;
}

const DEFAULT_BATCH_SIZE = 1000;

/**
 * Deletes the idempotency keys whose time is up, `batchSize` rows per statement through the
 * expiry index, yielding to other work between statements; resolves to the number deleted.
 * Called by the database module's timer, or by a scheduled job instead.
 * @example await purgeExpiredIdempotencyKeys(db, { batchSize: 500 });
 */
export async function purgeExpiredIdempotencyKeys(
  db: Kysely<any>,
  options: PurgeOptions = {},
): Promise<number> {
  const now = options.now ?? Date.now();
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  let deleted = 0;
  for (;;) {
    const batch = db
      .selectFrom(IDEMPOTENCY_KEYS_TABLE)
      .select('key')
      .where('expires_at', '<=', now)
      .limit(batchSize);
    const result = await db.deleteFrom(IDEMPOTENCY_KEYS_TABLE).where('key', 'in', batch).executeTakeFirst();
    const count = Number(result.numDeletedRows);
    deleted += count;
    if (count < batchSize) return deleted;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
