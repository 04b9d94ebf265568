import type { Kysely, KyselyPlugin } from 'kysely';
import type { Logger } from 'pino';
import type { AppMetrics } from '../../src/metrics';
import type { Tracing } from '../../src/tracing';
import { databaseModuleError } from './database-errors';
import type { DatabaseOptions } from './database-options';
import { type DatabaseTarget, databaseTarget } from './database-url';
import { type HoldableDialect, holdableDialect } from './held-transaction';
import { kysely } from './load-kysely';
import { observeQueries } from './observe-queries';
import { openDialect } from './open-dialect';
import { StorageFaults } from './storage-faults';
import { runInTransaction, transactionAware } from './transaction-context';
import { unavailableAware } from './unavailable-dialect';

// Written to by readiness after a storage fault, to learn whether writes succeed again.
const PROBE_TABLE = 'trellis_write_probe';

/** What the observability options of the application give the database. */
export interface DatabaseObservers {
  logger: Logger;
  metrics?: AppMetrics;
  tracing?: Tracing;
}

// Loaded by the first connection: an application that installs no database does not pay for it.

/**
 * The module's one connection (a SQLite handle or a `pg` pool): the root Kysely, the
 * transaction-aware one every class is given, readiness and closing.
 */
export class DatabaseConnection {
  /** `'sqlite'` or `'postgres'`. */
  readonly dialect: DatabaseTarget['dialect'];
  /** What the `url` option selects (the connection string or the SQLite file). */
  readonly target: DatabaseTarget;
  /** Kysely on the connection itself, outside any transaction. */
  readonly root: Kysely<any>;
  /**
   * Kysely that is the current `Transactional()` call's transaction inside one, `root` outside;
   * without the `plugins` option's plugins, for the tables of the modules themselves (idempotency
   * keys, sessions, jobs), whose queries name their columns as the database does.
   */
  readonly db: Kysely<any>;
  /** What `Database` gives the application: `db` with the `plugins` option's Kysely plugins. */
  readonly applicationDb: Kysely<any>;
  private readonly faults: StorageFaults;
  private readonly dialectInUse: HoldableDialect;
  private release: (() => Promise<void>) | undefined;

  constructor(
    options: Pick<DatabaseOptions, 'url' | 'poolSize' | 'driver' | 'plugins'>,
    observers: DatabaseObservers,
  ) {
    const target = databaseTarget(options.url);
    this.target = target;
    this.dialect = target.dialect;
    this.faults = new StorageFaults(observers.logger);
    this.dialectInUse = holdableDialect(
      unavailableAware(
        openDialect(target, observers.logger, options.poolSize, options.driver),
        this.faults,
        observers.logger,
      ),
    );
    const { Kysely } = kysely();
    this.root = new Kysely<any>({
      dialect: this.dialectInUse,
      log: observeQueries(target.dialect, observers.metrics, observers.tracing),
    });
    this.db = transactionAware(this.root);
    const plugins: readonly KyselyPlugin[] = options.plugins ?? [];
    this.applicationDb = plugins.length === 0 ? this.db : transactionAware(this.root, plugins);
  }

  /** Runs `call` in one transaction (joining the current one, if any). */
  transaction<T>(call: () => T | Promise<T>): Promise<T> {
    return runInTransaction(this.root, call);
  }

  /**
   * Whether the database answers `SELECT 1`; after a storage fault, whether a write succeeds
   * again (a row of its own probe table), since reads go on while writes fail.
   */
  async isUp(): Promise<boolean> {
    try {
      if (this.faults.faulted) await this.probeWrite();
      else await kysely().sql`SELECT 1`.execute(this.root);
      return !this.faults.faulted;
    } catch {
      return false;
    }
  }

  private async probeWrite(): Promise<void> {
    await this.root.schema
      .createTable(PROBE_TABLE)
      .ifNotExists()
      .addColumn('id', 'integer', (column) => column.primaryKey())
      .addColumn('at', 'bigint')
      .execute();
    await this.root
      .insertInto(PROBE_TABLE)
      .values({ id: 1, at: Date.now() })
      .onConflict((conflict) => conflict.column('id').doUpdateSet({ at: Date.now() }))
      .execute();
  }

  /**
   * Runs every later query in one transaction, until the returned function rolls it back (and,
   * on PostgreSQL, puts the sequences back where they were, so ids start over too). A
   * `Transactional()` call meanwhile is a savepoint in it. For tests: see `trellis/testing`.
   */
  /** Whether a test's transaction holds the connection (`holdTransaction()`), not yet rolled back. */
  get holdsTransaction(): boolean {
    return this.release !== undefined;
  }

  async holdTransaction(): Promise<() => Promise<void>> {
    if (this.release) throw databaseModuleError('TRELLIS_ERR_TRANSACTION_ALREADY_HELD');
    const sequences = await this.sequences();
    const release = await this.dialectInUse.hold();
    let released: Promise<void> | undefined;
    this.release = () => {
      released ??= release().then(() => {
        this.release = undefined;
        return this.restore(sequences);
      });
      return released;
    };
    return this.release;
  }

  /** Closes the connection (ends the pool), rolling back a held transaction first. */
  async close(): Promise<void> {
    if (this.release) await this.release().catch(() => {});
    return this.root.destroy();
  }

  // Where each PostgreSQL sequence stands: a rollback does not take back the numbers it gave.
  private async sequences(): Promise<SequenceState[]> {
    if (this.dialect !== 'postgres') {
      await kysely().sql`SELECT 1`.execute(this.root);
      return [];
    }
    const { sql } = kysely();
    const { rows } = await sql<SequenceState>`
      SELECT schemaname AS schema, sequencename AS name, start_value AS start, last_value AS last
      FROM pg_sequences`.execute(this.root);
    return rows;
  }

  private async restore(sequences: SequenceState[]): Promise<void> {
    const { sql } = kysely();
    for (const { schema, name, start, last } of sequences) {
      const sequence = sql`format('%I.%I', ${schema}::text, ${name}::text)::regclass`;
      if (last === null) await sql`SELECT setval(${sequence}, ${start}::bigint, false)`.execute(this.root);
      else await sql`SELECT setval(${sequence}, ${last}::bigint, true)`.execute(this.root);
    }
  }
}

interface SequenceState {
  schema: string;
  name: string;
  start: string;
  last: string | null;
}
