import type { Kysely } from 'kysely';

/** The table of sessions and their current refresh token. */
export const SESSIONS_TABLE = 'trellis_auth_sessions';
/** The table of access tokens refused before their expiry. */
export const DENIED_TOKENS_TABLE = 'trellis_auth_denied_tokens';

/** Creates the auth tables when missing (at `ready()`); both stores share them. */
export async function createSessionTables(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable(SESSIONS_TABLE)
    .ifNotExists()
    .addColumn('session_id', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('user_id', 'varchar(255)', (column) => column.notNull())
    .addColumn('refresh_jti', 'varchar(64)', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex(`${SESSIONS_TABLE}_user`)
    .ifNotExists()
    .on(SESSIONS_TABLE)
    .column('user_id')
    .execute();
  await db.schema
    .createTable(DENIED_TOKENS_TABLE)
    .ifNotExists()
    .addColumn('jti', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .execute();
  // The purge finds expired rows through these instead of a scan.
  for (const table of [SESSIONS_TABLE, DENIED_TOKENS_TABLE])
    await db.schema.createIndex(`${table}_expires_at`).ifNotExists().on(table).column('expires_at').execute();
}
