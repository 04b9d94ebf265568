import type { Kysely } from 'kysely';
import { DENIED_TOKENS_TABLE, SESSIONS_TABLE } from './database-session-tables';

/** Options of `purgeExpiredSessions`. */
export interface SessionPurgeOptions {
  /** The time rows expire against, in milliseconds since the epoch (default now). */
  now?: number;
  /** The most rows one statement deletes (default 1,000). */
  batchSize?: number;
}

const DEFAULT_BATCH_SIZE = 1000;

async function purgeTable(db: Kysely<any>, table: string, keyColumn: string, now: number, batchSize: number) {
  let deleted = 0;
  for (;;) {
    const batch = db.selectFrom(table).select(keyColumn).where('expires_at', '<=', now).limit(batchSize);
    const result = await db.deleteFrom(table).where(keyColumn, 'in', batch).executeTakeFirst();
    const count = Number(result.numDeletedRows);
    deleted += count;
    if (count < batchSize) return deleted;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Deletes the expired sessions and denied tokens of the database stores, `batchSize` rows per
 * statement through their expiry indexes; resolves to how many of each went. Called by the auth
 * module's timer, or by a scheduled job.
 * @example await purgeExpiredSessions(db, { batchSize: 500 });
 */
export async function purgeExpiredSessions(
  db: Kysely<any>,
  options: SessionPurgeOptions = {},
): Promise<{ sessions: number; deniedTokens: number }> {
  const now = options.now ?? Date.now();
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const sessions = await purgeTable(db, SESSIONS_TABLE, 'session_id', now, batchSize);
  const deniedTokens = await purgeTable(db, DENIED_TOKENS_TABLE, 'jti', now, batchSize);
  return { sessions, deniedTokens };
}
