import type { Kysely, Migration } from 'kysely';

/** The table `DatabaseIdempotencyStore` keeps keys and answers in. */
export const IDEMPOTENCY_KEYS_TABLE = 'trellis_idempotency_keys';

/**
 * The framework's own migrations of its idempotency table, run at `ready()` apart from the
 * application's (their own bookkeeping table), in name order.
 */
export const idempotencyKeysMigrations: Record<string, Migration> = {
  // The table as it has always been created (kept for databases that predate these migrations).
  '2026-01-01_idempotency_keys': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable(IDEMPOTENCY_KEYS_TABLE)
        .ifNotExists()
        .addColumn('key', 'varchar(600)', (column) => column.primaryKey())
        .addColumn('fingerprint', 'varchar(64)', (column) => column.notNull())
        .addColumn('status', 'integer')
        .addColumn('headers', 'text')
        .addColumn('body', 'text')
        .addColumn('expires_at', 'bigint', (column) => column.notNull())
        .execute();
    },
  },
  // Claims carry their request's token (renewals and releases of a lapsed claim do nothing), and
  // the purge finds expired rows through an index instead of a scan.
  '2026-11-28_idempotency_claims_and_expiry_index': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable(IDEMPOTENCY_KEYS_TABLE).addColumn('owner', 'varchar(32)').execute();
      await db.schema
        .createIndex(`${IDEMPOTENCY_KEYS_TABLE}_expires_at`)
        .ifNotExists()
        .on(IDEMPOTENCY_KEYS_TABLE)
        .column('expires_at')
        .execute();
    },
  },
};
