import { type Kysely, sql } from 'kysely';

const BATCH = 1000;

// The framework's tables of rows that expire: each one's key column.
const EXPIRING = [
  { table: 'trellis_idempotency_keys', key: 'key' },
  { table: 'trellis_auth_sessions', key: 'session_id' },
] as const;

/**
 * Deletes expired idempotency keys and sessions in batches of a thousand rows, so that no
 * statement holds the database long; a table the application does not use (its store is in
 * Redis) is skipped. Resolves to the rows deleted per table.
 */
export async function purgeExpired(db: Kysely<any>, now = Date.now()): Promise<Record<string, number>> {
  const present = new Set((await db.introspection.getTables()).map((table) => table.name));
  const deleted: Record<string, number> = {};
  for (const { table, key } of EXPIRING) {
    if (!present.has(table)) continue;
    deleted[table] = 0;
    for (;;) {
      const result = await sql`DELETE FROM ${sql.table(table)} WHERE ${sql.ref(key)} IN (
          SELECT ${sql.ref(key)} FROM ${sql.table(table)} WHERE expires_at <= ${now} LIMIT ${BATCH})`.execute(
        db,
      );
      const count = Number(result.numAffectedRows ?? 0);
      deleted[table] += count;
      if (count < BATCH) break;
    }
  }
  return deleted;
}
