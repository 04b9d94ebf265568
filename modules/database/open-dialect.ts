import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Dialect } from 'kysely';
import type { Logger } from 'pino';
import { loadOptional } from '../../src/optional';
import type { SqliteDriver } from './database-options';
import type { DatabaseTarget } from './database-url';
import { kysely } from './load-kysely';
import { openNodeSqlite, type SqliteHandle } from './node-sqlite-database';

const BUSY_TIMEOUT_MS = 5000;
const CONNECT_TIMEOUT_MS = 2000;
const DEFAULT_POOL_SIZE = 10;

type BetterSqlite3 = typeof import('better-sqlite3');
type Pg = typeof import('pg');

const STATEMENT_CACHE_SIZE = 256;

// Kysely prepares every query anew; a query builder gives the same SQL for every call of one
// repository method, so its prepared statement is kept (one connection, behind Kysely's lock,
// so a statement is never used twice at once). The oldest goes once the cache is full.
function withStatementCache<D extends { prepare(sql: string): unknown }>(db: D): D {
  const prepare = db.prepare.bind(db);
  const statements = new Map<string, unknown>();
  db.prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = prepare(sql);
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      statements.set(sql, statement);
    }
    return statement;
  };
  return db;
}

// Processes opening one new file at once (cluster workers) race to switch it to WAL, and SQLite
// answers the loser SQLITE_BUSY without calling its busy handler: wait and try again.
async function enableWal(db: { pragma(statement: string): unknown }): Promise<void> {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() >= deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

function openSqlite(file: string, driver: SqliteDriver): SqliteHandle {
  if (driver === 'node:sqlite') return openNodeSqlite(file, BUSY_TIMEOUT_MS);
  const Sqlite = loadOptional<BetterSqlite3>(
    'better-sqlite3',
    "install('database', { driver: 'better-sqlite3' })",
  );
  return new Sqlite(file, { timeout: BUSY_TIMEOUT_MS });
}

function sqliteDialect(file: string, driver: SqliteDriver): Dialect {
  const { SqliteDialect } = kysely();
  return new SqliteDialect({
    database: async () => {
      if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
      const db = openSqlite(file, driver);
      if (file !== ':memory:') {
        // WAL lets readers go on while a write commits; FULL syncs the WAL at every commit, so
        // an acknowledged write survives a power loss (NORMAL may roll the last ones back).
        await enableWal(db);
        db.pragma('synchronous = FULL');
      }
      db.pragma('foreign_keys = ON');
      return withStatementCache(db);
    },
  });
}

function postgresDialect(connectionString: string, poolSize: number, logger: Logger): Dialect {
  const pg = loadOptional<Pg>('pg', "install('database') on PostgreSQL");
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    // Bounded waits: while the server is down a request gets its 503 quickly instead of hanging.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // One short line, the message and the code: pg's error carries its whole client (kilobytes).
  const lost = (what: string) => (err: Error & { code?: string }) =>
    logger.warn({ error: err.message, code: err.code }, `database: ${what}`);
  // An idle client whose server went away emits here; unhandled, it would end the process.
  pool.on('error', lost('idle connection lost'));
  // A client checked out of the pool (a transaction between two statements) has no pool listener:
  // a server restart then emits an unhandled 'error' and ends the process. Its next query fails
  // and the request gets its 503; the pool drops the client when it is released.
  pool.on('connect', (client) => client.on('error', lost('connection in use lost')));
  const { PostgresDialect } = kysely();
  return new PostgresDialect({ pool });
}

/**
 * The Kysely dialect of a target: SQLite through `node:sqlite` (or better-sqlite3) or a `pg`
 * pool, each loaded when first needed.
 */
export function openDialect(
  target: DatabaseTarget,
  logger: Logger,
  poolSize = DEFAULT_POOL_SIZE,
  driver: SqliteDriver = 'node:sqlite',
): Dialect {
  return target.dialect === 'postgres'
    ? postgresDialect(target.connectionString, poolSize, logger)
    : sqliteDialect(target.file, driver);
}
