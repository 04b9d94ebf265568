import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrations';

/** The open SQLite database the repositories share. */
export type SampleDatabase = Database.Database;

const IN_MEMORY = ':memory:';
const BUSY_TIMEOUT_MS = 5000;

/**
 * Opens (creating when missing) the SQLite database at `file` and brings its schema up to date.
 * @example const db = openDatabase('data/sample.db'); // or ':memory:' for a throw-away run
 */
export function openDatabase(file: string): SampleDatabase {
  if (file !== IN_MEMORY) mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  // WAL lets readers continue while a write commits; several instances may share one file.
  if (file !== IN_MEMORY) db.pragma('journal_mode = WAL');
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma('foreign_keys = ON');
  migrate(db);
  return db;
}
