import type { Dialect, Kysely, KyselyPlugin } from 'kysely';
import type { Logger } from 'pino';
import type { AppMetrics } from '../../src/metrics';
import type { Tracing } from '../../src/tracing';
import type { DatabaseOptions } from './database-options';
import { type DatabaseTarget, databaseTarget } from './database-url';
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

  /** `extend` gives the dialect to use in place of the one opened (the database extensions'). */
  constructor(
    options: Pick<DatabaseOptions, 'url' | 'poolSize' | 'driver' | 'plugins'>,
    observers: DatabaseObservers,
    extend: (dialect: Dialect, target: DatabaseTarget) => Dialect = (dialect) => dialect,
  ) {
    const target = databaseTarget(options.url);
    this.target = target;
    this.dialect = target.dialect;
    this.faults = new StorageFaults(observers.logger);
    const dialect = extend(
      unavailableAware(
        openDialect(target, observers.logger, options.poolSize, options.driver),
        this.faults,
        observers.logger,
      ),
      target,
    );
    const { Kysely } = kysely();
    this.root = new Kysely<any>({
      dialect,
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

  /** Closes the connection (ends the pool). */
  close(): Promise<void> {
    return this.root.destroy();
  }
}
