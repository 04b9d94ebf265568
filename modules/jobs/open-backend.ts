import type { Logger } from 'pino';
import type { JobBackend } from '../../src/jobs';
import type { DatabaseConnection } from '../database';
import type * as Graphile from './postgres/graphile-job-backend';
import type * as Sqlite from './sqlite/sqlite-job-backend';

// graphile-worker's connections: one per running job, its LISTEN client and its crontab.
const SPARE_CONNECTIONS = 3;

/** The backend the database module's database selects: SQLite embedded, or graphile-worker. */
export function openBackend(connection: DatabaseConnection, logger: Logger, concurrency: number): JobBackend {
  const { target } = connection;
  // Each backend (and Kysely's query builder with it) is loaded by the application that uses it.
  if (target.dialect === 'postgres') {
    const { GraphileJobBackend } = require('./postgres/graphile-job-backend') as typeof Graphile;
    return new GraphileJobBackend(
      target.connectionString,
      connection.root,
      logger,
      concurrency + SPARE_CONNECTIONS,
    );
  }
  const { SqliteJobBackend } = require('./sqlite/sqlite-job-backend') as typeof Sqlite;
  return new SqliteJobBackend(connection.root, logger);
}
