import type { Kysely } from 'kysely';
import { type IdempotencyClaim, IdempotencyStore, type StoredAnswer } from './idempotency-store';

const TABLE = 'trellis_idempotency_keys';

interface Row {
  key: string;
  fingerprint: string;
  status: number | null;
  headers: string | null;
  body: string | null;
  expires_at: number | string;
}

/**
 * Idempotency keys in the application's database: one row per key, claimed by an insert that
 * only one request can win, so concurrent instances agree. Expired rows are taken over in place.
 */
export class DatabaseIdempotencyStore extends IdempotencyStore {
  constructor(
    private readonly db: Kysely<any>,
    private readonly now: () => number = Date.now,
  ) {
    super();
  }

  override async prepare(): Promise<void> {
    await this.db.schema
      .createTable(TABLE)
      .ifNotExists()
      .addColumn('key', 'varchar(600)', (column) => column.primaryKey())
      .addColumn('fingerprint', 'varchar(64)', (column) => column.notNull())
      .addColumn('status', 'integer')
      .addColumn('headers', 'text')
      .addColumn('body', 'text')
      .addColumn('expires_at', 'bigint', (column) => column.notNull())
      .execute();
  }

  override async begin(key: string, fingerprint: string, lockMs: number): Promise<IdempotencyClaim> {
    const now = this.now();
    const claim = { key, fingerprint, status: null, headers: null, body: null, expires_at: now + lockMs };
    const inserted = await this.db
      .insertInto(TABLE)
      .values(claim)
      .onConflict((conflict) => conflict.column('key').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { state: 'claimed' };
    // Taken: an expired claim (a crashed request, an old answer) is taken over in one update.
    const taken = await this.db
      .updateTable(TABLE)
      .set({ fingerprint, status: null, headers: null, body: null, expires_at: now + lockMs })
      .where('key', '=', key)
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) > 0) return { state: 'claimed' };
    const row = (await this.db.selectFrom(TABLE).selectAll().where('key', '=', key).executeTakeFirst()) as
      | Row
      | undefined;
    if (!row) return this.begin(key, fingerprint, lockMs);
    if (row.status === null) return { state: 'running', fingerprint: row.fingerprint };
    return {
      state: 'done',
      fingerprint: row.fingerprint,
      answer: {
        status: Number(row.status),
        body: row.body ?? undefined,
        headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : undefined,
      },
    };
  }

  override async complete(
    key: string,
    _fingerprint: string,
    answer: StoredAnswer,
    ttlMs: number,
  ): Promise<void> {
    await this.db
      .updateTable(TABLE)
      .set({
        status: answer.status,
        body: answer.body ?? null,
        headers: answer.headers ? JSON.stringify(answer.headers) : null,
        expires_at: this.now() + ttlMs,
      })
      .where('key', '=', key)
      .execute();
    // Rows past their time are removed now and then, by whichever request passes.
    if (Math.random() < 0.01) await this.db.deleteFrom(TABLE).where('expires_at', '<=', this.now()).execute();
  }

  override async release(key: string): Promise<void> {
    await this.db.deleteFrom(TABLE).where('key', '=', key).execute();
  }
}
