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
  const db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
  // WAL lets readers continue while a write commits; several instances may share one file.
  if (file !== IN_MEMORY) enableWal(db);
  db.pragma('foreign_keys = ON');
  migrate(db);
  return db;
}

/**
 * Switches to WAL, waiting out other processes that open the same new file at the same moment
 * (cluster workers): SQLite answers that race with SQLITE_BUSY without calling the busy handler.
 */
function enableWal(db: SampleDatabase): void {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() >= deadline) throw err;
      // Start-up only, before the server listens: a short synchronous pause blocks nothing.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
}
