import type { DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely';
import { databaseModuleError } from '../modules/database/database-errors';
import { kysely } from '../modules/database/load-kysely';
import { readSequences, restoreSequences, type SequenceState } from './postgres-sequences';
import { transactionStatementOf } from './transaction-statements';

/** Ends a held transaction: rolls back everything done since it began. */
export type ReleaseHeldTransaction = () => Promise<void>;

/** A dialect whose connection can be held in one transaction that every query then runs in. */
export interface HoldableDialect extends Dialect {
  /**
   * Begins a transaction on one connection and sends every later query to it, until the
   * returned function rolls it back (and, on PostgreSQL, sets the sequences back, so that ids
   * start over too); a transaction begun meanwhile becomes a savepoint in it.
   */
  hold(): Promise<ReleaseHeldTransaction>;
  /** Whether a transaction is held now, not yet rolled back. */
  readonly holding: boolean;
}

const run = (connection: DatabaseConnection, statement: string) =>
  connection.executeQuery(kysely().CompiledQuery.raw(statement));

const NO_RESULT: QueryResult<never> = { rows: [] };

// One user of the held connection at a time: a transaction (a savepoint here) keeps it from
// its begin to its end, so that two of them never interleave their savepoints.
class Turns {
  private last: Promise<void> = Promise.resolve();
  private open: (() => void) | undefined;

  async take(): Promise<void> {
    const previous = this.last;
    let done!: () => void;
    this.last = new Promise((resolve) => (done = resolve));
    await previous;
    this.open = done;
  }

  give(): void {
    const done = this.open;
    this.open = undefined;
    done?.();
  }
}

// The savepoints the transactions begun on the held connection are, innermost last.
class Savepoints {
  private count = 0;
  private readonly open: string[] = [];

  begin(connection: DatabaseConnection): Promise<unknown> {
    const name = `trellis_test_${++this.count}`;
    this.open.push(name);
    return run(connection, `SAVEPOINT ${name}`);
  }

  commit(connection: DatabaseConnection): Promise<unknown> {
    return run(connection, `RELEASE SAVEPOINT ${this.innermost()}`);
  }

  async rollback(connection: DatabaseConnection): Promise<void> {
    const name = this.innermost();
    await run(connection, `ROLLBACK TO SAVEPOINT ${name}`);
    await run(connection, `RELEASE SAVEPOINT ${name}`);
  }

  clear(): void {
    this.open.length = 0;
  }

  // A COMMIT or ROLLBACK with no savepoint open would end the held transaction itself.
  private innermost(): string {
    const name = this.open.pop();
    if (name === undefined) throw new Error('no transaction is active on the held connection');
    return name;
  }
}

// The held connection as its users see it: a BEGIN, COMMIT or ROLLBACK written as SQL is a
// savepoint too, as a transaction begun through Kysely's driver is.
function heldConnection(connection: DatabaseConnection, savepoints: Savepoints): DatabaseConnection {
  return {
    async executeQuery<R>(query: Parameters<DatabaseConnection['executeQuery']>[0]): Promise<QueryResult<R>> {
      const statement = transactionStatementOf(query.sql);
      if (statement === undefined) return connection.executeQuery<R>(query);
      await savepoints[statement](connection);
      return NO_RESULT;
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
}

function holdingDriver(driver: Driver, postgres: boolean) {
  let initialized: Promise<void> | undefined;
  let held: DatabaseConnection | undefined;
  let release: ReleaseHeldTransaction | undefined;
  const turns = new Turns();
  const savepoints = new Savepoints();
  const init = () => {
    initialized ??= driver.init();
    return initialized;
  };

  const holding: Driver = {
    init,
    async acquireConnection() {
      if (!held) return driver.acquireConnection();
      await turns.take();
      return held;
    },
    async beginTransaction(connection, settings) {
      if (connection !== held) return driver.beginTransaction(connection, settings);
      await savepoints.begin(connection);
    },
    async commitTransaction(connection) {
      if (connection !== held) return driver.commitTransaction(connection);
      await savepoints.commit(connection);
    },
    rollbackTransaction(connection) {
      if (connection !== held) return driver.rollbackTransaction(connection);
      return savepoints.rollback(connection);
    },
    async releaseConnection(connection) {
      if (connection === held) turns.give();
      else await driver.releaseConnection(connection);
    },
    savepoint: driver.savepoint?.bind(driver),
    rollbackToSavepoint: driver.rollbackToSavepoint?.bind(driver),
    releaseSavepoint: driver.releaseSavepoint?.bind(driver),
    // The application closing rolls its held transaction back first.
    async destroy() {
      await release?.().catch(() => {});
      await driver.destroy();
    },
  };

  async function hold(): Promise<ReleaseHeldTransaction> {
    if (held) throw databaseModuleError('TRELLIS_ERR_TRANSACTION_ALREADY_HELD');
    await init();
    const connection = await driver.acquireConnection();
    let sequences: SequenceState[];
    try {
      sequences = postgres ? await readSequences(connection) : [];
      await driver.beginTransaction(connection, {});
    } catch (err) {
      await driver.releaseConnection(connection);
      throw err;
    }
    held = heldConnection(connection, savepoints);
    let released: Promise<void> | undefined;
    const thisRelease = () => {
      released ??= releasing();
      return released;
    };
    const releasing = async () => {
      // Waits for the transaction in progress, if any, then takes the connection back.
      await turns.take();
      held = undefined;
      savepoints.clear();
      try {
        await driver.rollbackTransaction(connection);
        await restoreSequences(connection, sequences);
      } finally {
        if (release === thisRelease) release = undefined;
        turns.give();
        await driver.releaseConnection(connection);
      }
    };
    release = thisRelease;
    return release;
  }

  return { holding, hold, holds: () => held !== undefined };
}

/** `dialect`, able to hold its connection in one transaction (the testing kit's rollback per test). */
export function holdableDialect(dialect: Dialect, postgres: boolean): HoldableDialect {
  let driver: ReturnType<typeof holdingDriver> | undefined;
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver() {
      driver = holdingDriver(dialect.createDriver(), postgres);
      return driver.holding;
    },
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    hold() {
      if (!driver) throw databaseModuleError('TRELLIS_ERR_TRANSACTION_HELD_BEFORE_CONNECT');
      return driver.hold();
    },
    get holding() {
      return driver?.holds() ?? false;
    },
  };
}
