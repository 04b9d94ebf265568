import type { DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely';
import type { Logger } from 'pino';
import { databaseError } from './database-unavailable';
import type { StorageFaults } from './storage-faults';

const rethrown = (err: unknown): never => {
  throw databaseError(err);
};

const NOTHING_TO_ROLL_BACK = /no transaction is active/;
const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);

function connectionOf(connection: DatabaseConnection, faults: StorageFaults): DatabaseConnection {
  const failed = (err: unknown): never => {
    faults.failed(err);
    throw databaseError(err);
  };
  return {
    executeQuery: <R>(query: Parameters<DatabaseConnection['executeQuery']>[0]): Promise<QueryResult<R>> => {
      let running: Promise<QueryResult<R>>;
      // better-sqlite3 throws at once (Kysely calls it without awaiting): the same path as a rejection.
      try {
        running = connection.executeQuery<R>(query);
      } catch (err) {
        running = Promise.reject(err);
      }
      if (!WRITES.has(query.query.kind)) return running.catch(failed);
      return running.then((result) => {
        faults.wrote();
        return result;
      }, failed);
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
}

// Every call of the driver that reaches the server turns "unreachable" (or a storage fault) into
// a 503; the rest of Kysely (compilers, adapter, introspection) is the dialect's own.
function driverOf(driver: Driver, faults: StorageFaults, logger: Logger): Driver {
  const inner = (connection: DatabaseConnection) =>
    (connection as { inner?: DatabaseConnection }).inner ?? connection;
  const failed = (err: unknown): never => {
    faults.failed(err);
    throw databaseError(err);
  };
  return {
    init: () => driver.init().catch(failed),
    async acquireConnection() {
      const connection = await driver.acquireConnection().catch(failed);
      return Object.assign(connectionOf(connection, faults), { inner: connection });
    },
    beginTransaction: (connection, settings) =>
      driver.beginTransaction(inner(connection), settings).catch(rethrown),
    commitTransaction: (connection) => driver.commitTransaction(inner(connection)).catch(failed),
    // Kysely rolls back after the failure that ended the transaction and throws what the rollback
    // throws instead: SQLite has already rolled back after a full disk or an I/O error ("cannot
    // rollback - no transaction is active"), a lost server cannot roll back. The first failure is
    // the one the request answers and the log names.
    rollbackTransaction: (connection) =>
      driver.rollbackTransaction(inner(connection)).catch((err: unknown) => {
        if (!NOTHING_TO_ROLL_BACK.test((err as Error)?.message ?? ''))
          logger.debug({ err }, 'database: rollback after a failure failed');
      }),
    releaseConnection: (connection) => driver.releaseConnection(inner(connection)),
    // Savepoints (Kysely's nested transactions), where the dialect has them.
    savepoint:
      driver.savepoint &&
      ((connection, name, compile) => driver.savepoint!(inner(connection), name, compile).catch(rethrown)),
    rollbackToSavepoint:
      driver.rollbackToSavepoint &&
      ((connection, name, compile) =>
        driver.rollbackToSavepoint!(inner(connection), name, compile).catch(rethrown)),
    releaseSavepoint:
      driver.releaseSavepoint &&
      ((connection, name, compile) =>
        driver.releaseSavepoint!(inner(connection), name, compile).catch(rethrown)),
    destroy: () => driver.destroy(),
  };
}

/**
 * `dialect` whose lost connections and storage faults become 503 answers with `Retry-After`,
 * never 500s; storage faults are told to `faults`.
 */
export function unavailableAware(dialect: Dialect, faults: StorageFaults, logger: Logger): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => driverOf(dialect.createDriver(), faults, logger),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
