import type { Kysely } from 'kysely';
import { purgeExpiredIdempotencyKeys, purgeExpiredSessions } from '../trellis';

/**
 * Deletes expired idempotency keys and sessions (with their denied tokens) through the
 * framework's own batched purges; a table the application does not use (its store is in Redis)
 * is skipped. Resolves to the rows deleted per kind.
 */
export async function purgeExpired(db: Kysely<any>, now = Date.now()): Promise<Record<string, number>> {
  const present = new Set((await db.introspection.getTables()).map((table) => table.name));
  const deleted: Record<string, number> = {};
  if (present.has('trellis_idempotency_keys'))
    deleted.idempotencyKeys = await purgeExpiredIdempotencyKeys(db, { now });
  if (present.has('trellis_auth_sessions')) {
    const { sessions, deniedTokens } = await purgeExpiredSessions(db, { now });
    deleted.sessions = sessions;
    deleted.deniedTokens = deniedTokens;
  }
  return deleted;
}
