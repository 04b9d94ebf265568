import { errorFactory } from '../../src/kernel';

/** The database module's start-up and fan-out errors: code and message template, each documented in docs/errors.md. */
export const DATABASE_ERRORS = {
  TRELLIS_ERR_MIGRATION_FAILED: (migration: string, problem: string) =>
    `database: the migration '${migration}' failed: ${problem}`,
  TRELLIS_ERR_NODE_SQLITE_UNAVAILABLE: (version: string) =>
    `database: SQLite through node:sqlite needs Node.js 22.13 or newer (this is ${version}); run Node.js 24 or 22, or install better-sqlite3 and pass driver: 'better-sqlite3'`,
  TRELLIS_ERR_BROADCAST_TOO_LARGE: (bytes: number, max: number) =>
    `PostgresBroadcaster: a broadcast of ${bytes} bytes is over the ${max} bytes it carries (MAX_BROADCAST_BYTES); it was delivered to no one`,
  TRELLIS_ERR_BROADCASTER_CLOSED: () =>
    'PostgresBroadcaster: the broadcaster is closed (the application is closing)',
  TRELLIS_ERR_TRANSACTION_ALREADY_HELD: () =>
    'database: the connection already holds a test transaction; roll it back before holding another',
  TRELLIS_ERR_TRANSACTION_HELD_BEFORE_CONNECT: () =>
    'database: a test transaction was asked for before the connection was opened; hold it after ready()',
  TRELLIS_ERR_TRANSACTION_NOT_HOLDABLE: () =>
    "database: this application's connection cannot hold a test transaction: it installs no database module, or installed it before trellis/testing was loaded; import trellis/testing first",
};

/** Builds the `TrellisError` of one of the database module's codes from its message template's arguments. */
export const databaseModuleError = errorFactory(DATABASE_ERRORS);
