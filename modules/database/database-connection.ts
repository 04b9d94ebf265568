import type * as KyselyPackage from 'kysely';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { AppMetrics } from '../../src/metrics';
import type { Tracing } from '../../src/tracing';
import type { DatabaseOptions } from './database-options';
import { type DatabaseTarget, databaseTarget } from './database-url';
import { observeQueries } from './observe-queries';
import { openDialect } from './open-dialect';
import { runInTransaction, transactionAware } from './transaction-context';
import { unavailableAware } from './unavailable-dialect';

/** What the observability options of the application give the database. */
export interface DatabaseObservers {
  logger: Logger;
  metrics?: AppMetrics;
  tracing?: Tracing;
}

// Loaded by the first connection: an application that installs no database does not pay for it.
const kysely = (): typeof KyselyPackage => require('kysely');

/**
 * The module's one connection (a better-sqlite3 handle or a `pg` pool): the root Kysely, the
 * transaction-aware one every class is given, readiness and closing.
 */
export class DatabaseConnection {
  /** `'sqlite'` or `'postgres'`. */
  readonly dialect: DatabaseTarget['dialect'];
  /** Kysely on the connection itself, outside any transaction. */
  readonly root: Kysely<any>;
  /** Kysely that is the current `Transactional()` call's transaction inside one, `root` outside. */
  readonly db: Kysely<any>;

  constructor(options: Pick<DatabaseOptions, 'url' | 'poolSize'>, observers: DatabaseObservers) {
    const target = databaseTarget(options.url);
    this.dialect = target.dialect;
    const { Kysely } = kysely();
    this.root = new Kysely<any>({
      dialect: unavailableAware(openDialect(target, observers.logger, options.poolSize)),
      log: observeQueries(target.dialect, observers.metrics, observers.tracing),
    });
    this.db = transactionAware(this.root);
  }

  /** Runs `call` in one transaction (joining the current one, if any). */
  transaction<T>(call: () => T | Promise<T>): Promise<T> {
    return runInTransaction(this.root, call);
  }

  /** Whether the database answers `SELECT 1`. */
  async isUp(): Promise<boolean> {
    try {
      await kysely().sql`SELECT 1`.execute(this.root);
      return true;
    } catch {
      return false;
    }
  }

  /** Closes the connection (ends the pool). */
  close(): Promise<void> {
    return this.root.destroy();
  }
}
