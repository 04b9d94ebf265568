import type { DatabaseConnection, Dialect, Driver } from 'kysely';
import { databaseModuleError } from './database-errors';
import { kysely } from './load-kysely';

/** Ends a held transaction: rolls back everything done since it began. */
export type ReleaseHeldTransaction = () => Promise<void>;

/** A dialect whose connection can be held in one transaction that every query then runs in. */
export interface HoldableDialect extends Dialect {
  /**
   * Begins a transaction on one connection and sends every later query to it, until the
   * returned function rolls it back; a transaction begun meanwhile becomes a savepoint in it.
   */
  hold(): Promise<ReleaseHeldTransaction>;
}

const run = (connection: DatabaseConnection, statement: string) =>
  connection.executeQuery(kysely().CompiledQuery.raw(statement));

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

function holdingDriver(driver: Driver) {
  let held: DatabaseConnection | undefined;
  let savepoints = 0;
  const turns = new Turns();
  // The savepoint each transaction on the held connection is, innermost last.
  const open: string[] = [];

  const holding: Driver = {
    init: () => driver.init(),
    async acquireConnection() {
      if (!held) return driver.acquireConnection();
      await turns.take();
      return held;
    },
    beginTransaction(connection, settings) {
      if (connection !== held) return driver.beginTransaction(connection, settings);
      const name = `trellis_test_${++savepoints}`;
      open.push(name);
      return run(connection, `SAVEPOINT ${name}`).then(() => undefined);
    },
    commitTransaction(connection) {
      if (connection !== held) return driver.commitTransaction(connection);
      return run(connection, `RELEASE SAVEPOINT ${open.pop()}`).then(() => undefined);
    },
    async rollbackTransaction(connection) {
      if (connection !== held) return driver.rollbackTransaction(connection);
      const name = open.pop();
      await run(connection, `ROLLBACK TO SAVEPOINT ${name}`);
      await run(connection, `RELEASE SAVEPOINT ${name}`);
    },
    async releaseConnection(connection) {
      if (connection === held) turns.give();
      else await driver.releaseConnection(connection);
    },
    savepoint: driver.savepoint?.bind(driver),
    rollbackToSavepoint: driver.rollbackToSavepoint?.bind(driver),
    releaseSavepoint: driver.releaseSavepoint?.bind(driver),
    destroy: () => driver.destroy(),
  };

  async function hold(): Promise<ReleaseHeldTransaction> {
    if (held) throw databaseModuleError('TRELLIS_ERR_TRANSACTION_ALREADY_HELD');
    const connection = await driver.acquireConnection();
    await driver.beginTransaction(connection, {});
    held = connection;
    return async () => {
      // Waits for the transaction in progress, if any, then takes the connection back.
      await turns.take();
      held = undefined;
      open.length = 0;
      try {
        await driver.rollbackTransaction(connection);
      } finally {
        turns.give();
        await driver.releaseConnection(connection);
      }
    };
  }

  return { holding, hold };
}

/** `dialect`, able to hold its connection in one transaction (the testing kit's rollback per test). */
export function holdableDialect(dialect: Dialect): HoldableDialect {
  let driver: ReturnType<typeof holdingDriver> | undefined;
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver() {
      driver = holdingDriver(dialect.createDriver());
      return driver.holding;
    },
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    hold() {
      if (!driver) throw databaseModuleError('TRELLIS_ERR_TRANSACTION_HELD_BEFORE_CONNECT');
      return driver.hold();
    },
  };
}
