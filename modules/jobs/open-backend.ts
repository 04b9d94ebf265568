import type { Logger } from 'pino';
import type { JobBackend } from '../../src/jobs';
import type { DatabaseConnection } from '../database';
import { GraphileJobBackend } from './postgres/graphile-job-backend';
import { SqliteJobBackend } from './sqlite/sqlite-job-backend';

// graphile-worker's connections: one per running job, its LISTEN client and its crontab.
const SPARE_CONNECTIONS = 3;

/** The backend the database module's database selects: SQLite embedded, or graphile-worker. */
export function openBackend(connection: DatabaseConnection, logger: Logger, concurrency: number): JobBackend {
  const { target } = connection;
  return target.dialect === 'postgres'
    ? new GraphileJobBackend(
        target.connectionString,
        connection.root,
        logger,
        concurrency + SPARE_CONNECTIONS,
      )
    : new SqliteJobBackend(connection.root, logger, () => connection.holdsTransaction);
}
