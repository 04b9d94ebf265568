import type { DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely';
import { databaseError } from './database-unavailable';

const rethrown = (err: unknown): never => {
  throw databaseError(err);
};

function connectionOf(connection: DatabaseConnection): DatabaseConnection {
  return {
    executeQuery: <R>(query: Parameters<DatabaseConnection['executeQuery']>[0]): Promise<QueryResult<R>> =>
      connection.executeQuery<R>(query).catch(rethrown),
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
}

// Every call of the driver that reaches the server turns "unreachable" into a 503; the rest of
// Kysely (compilers, adapter, introspection) is the dialect's own.
function driverOf(driver: Driver): Driver {
  const inner = (connection: DatabaseConnection) =>
    (connection as { inner?: DatabaseConnection }).inner ?? connection;
  return {
    init: () => driver.init().catch(rethrown),
    async acquireConnection() {
      const connection = await driver.acquireConnection().catch(rethrown);
      return Object.assign(connectionOf(connection), { inner: connection });
    },
    beginTransaction: (connection, settings) =>
      driver.beginTransaction(inner(connection), settings).catch(rethrown),
    commitTransaction: (connection) => driver.commitTransaction(inner(connection)).catch(rethrown),
    rollbackTransaction: (connection) => driver.rollbackTransaction(inner(connection)).catch(rethrown),
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

/** `dialect` whose lost connections become 503 answers with `Retry-After`, never 500s. */
export function unavailableAware(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => driverOf(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
