import { type Kysely, sql } from 'kysely';
import { immediately } from './immediate';

/** The jobs: one row while a job waits, runs or has failed; deleted once done. */
export const JOBS_TABLE = 'trellis_jobs';
/** One row per schedule and tick, claimed by the instance that enqueues that tick's run. */
export const TICKS_TABLE = 'trellis_job_ticks';
/** When each schedule was first seen, so that a backfill never reaches before it. */
export const SCHEDULES_TABLE = 'trellis_job_schedules';

const CREATE_TABLES = [
  `CREATE TABLE IF NOT EXISTS ${JOBS_TABLE} (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    payload TEXT NOT NULL,
    run_at INTEGER NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    max_attempts INTEGER NOT NULL,
    last_error TEXT,
    key TEXT UNIQUE,
    locked_at INTEGER,
    locked_by TEXT,
    request_id TEXT,
    span_link TEXT,
    priority INTEGER NOT NULL DEFAULT 0,
    cancelled INTEGER NOT NULL DEFAULT 0
  )`,
  `CREATE TABLE IF NOT EXISTS ${TICKS_TABLE} (name TEXT NOT NULL, tick INTEGER NOT NULL, PRIMARY KEY (name, tick))`,
  `CREATE TABLE IF NOT EXISTS ${SCHEDULES_TABLE} (name TEXT PRIMARY KEY, known_since INTEGER NOT NULL)`,
];

// The columns added after the first version, each added to a table made before it.
const ADDED_COLUMNS: Record<string, string> = {
  priority: 'INTEGER NOT NULL DEFAULT 0',
  cancelled: 'INTEGER NOT NULL DEFAULT 0',
};

const INDEXES = [
  // The due jobs in the order they are claimed; it replaces the first version's (run_at, id).
  `CREATE INDEX IF NOT EXISTS ${JOBS_TABLE}_ready ON ${JOBS_TABLE} (priority, run_at, id) WHERE attempts < max_attempts`,
  `DROP INDEX IF EXISTS ${JOBS_TABLE}_due`,
];

async function missingColumns(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${JOBS_TABLE})`.execute(db);
  const present = new Set(rows.map((row) => row.name));
  return Object.keys(ADDED_COLUMNS).filter((column) => !present.has(column));
}

/**
 * Creates the jobs' tables in the database module's file when they are missing, and adds the
 * later columns to a table an earlier version made. Only that addition takes the file's write
 * lock (processes starting together add each column once); every other statement is a no-op
 * on an up-to-date file, which takes no lock.
 */
export async function createJobTables(root: Kysely<any>): Promise<void> {
  for (const statement of CREATE_TABLES) await sql.raw(statement).execute(root);
  if ((await missingColumns(root)).length > 0)
    await immediately(root, async (db) => {
      for (const column of await missingColumns(db))
        await sql.raw(`ALTER TABLE ${JOBS_TABLE} ADD COLUMN ${column} ${ADDED_COLUMNS[column]}`).execute(db);
    });
  for (const statement of INDEXES) await sql.raw(statement).execute(root);
}
