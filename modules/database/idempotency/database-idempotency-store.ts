import type { Kysely } from 'kysely';
import { kysely } from '../load-kysely';
import type * as RunMigrations from '../run-migrations';
import { claimToken, stillRunning } from './claims';
import { IDEMPOTENCY_KEYS_TABLE, idempotencyKeysMigrations } from './idempotency-keys-migrations';
import { type IdempotencyClaim, IdempotencyStore, type StoredAnswer } from './idempotency-store';

const TABLE = IDEMPOTENCY_KEYS_TABLE;

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
 * only one request can win, so concurrent instances agree; each claim carries a token, so only
 * its request renews, completes or releases it. Expired rows are taken over in place. Given the
 * module's `transaction`, a handler's answer commits in the handler's own transaction.
 */
export class DatabaseIdempotencyStore extends IdempotencyStore {
  /** Runs the handler in the transaction its answer is stored in; absent without a `transaction`. */
  declare atomically?: <T>(call: () => Promise<T>) => Promise<T>;

  constructor(
    private readonly db: Kysely<any>,
    private readonly now: () => number = Date.now,
    // Runs a call in one transaction of the store's database (the module's `transaction()`).
    transaction?: <T>(call: () => Promise<T>) => Promise<T>,
  ) {
    super();
    if (transaction) this.atomically = transaction;
  }

  override async prepare(): Promise<void> {
    // Kysely's migrator is loaded when the store is first prepared, not by `require('trellis')`.
    const { SqliteAdapter } = kysely();
    const { runMigrations } = require('../run-migrations') as typeof RunMigrations;
    const dialect = this.db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
    await runMigrations(this.db, idempotencyKeysMigrations, dialect, {
      migrationTableName: 'trellis_framework_migration',
      migrationLockTableName: 'trellis_framework_migration_lock',
    });
  }

  override async begin(key: string, fingerprint: string, lockMs: number): Promise<IdempotencyClaim> {
    const now = this.now();
    const token = claimToken();
    const claim = {
      key,
      fingerprint,
      status: null,
      headers: null,
      body: null,
      expires_at: now + lockMs,
      owner: token,
    };
    const inserted = await this.db
      .insertInto(TABLE)
      .values(claim)
      .onConflict((conflict) => conflict.column('key').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { state: 'claimed', token };
    // Taken: an expired claim (a crashed request, an old answer) is taken over in one update.
    const taken = await this.db
      .updateTable(TABLE)
      .set({ fingerprint, status: null, headers: null, body: null, expires_at: now + lockMs, owner: token })
      .where('key', '=', key)
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) > 0) return { state: 'claimed', token };
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
    token?: string,
  ): Promise<void> {
    let update = this.db
      .updateTable(TABLE)
      .set({
        status: answer.status,
        body: answer.body ?? null,
        headers: answer.headers ? JSON.stringify(answer.headers) : null,
        expires_at: this.now() + ttlMs,
      })
      .where('key', '=', key);
    if (token !== undefined) update = update.where('owner', '=', token);
    const done = await update.executeTakeFirst();
    // The claim was taken over (it lapsed): the other request's run is the one that counts.
    if (Number(done.numUpdatedRows) === 0) throw stillRunning();
  }

  override async renew(key: string, token: string | undefined, lockMs: number): Promise<boolean> {
    if (token === undefined) return false;
    const renewed = await this.db
      .updateTable(TABLE)
      .set({ expires_at: this.now() + lockMs })
      .where('key', '=', key)
      .where('owner', '=', token)
      .where('status', 'is', null)
      .executeTakeFirst();
    return Number(renewed.numUpdatedRows) > 0;
  }

  override async release(key: string, token?: string): Promise<void> {
    let release = this.db.deleteFrom(TABLE).where('key', '=', key).where('status', 'is', null);
    if (token !== undefined) release = release.where('owner', '=', token);
    await release.execute();
  }
}
