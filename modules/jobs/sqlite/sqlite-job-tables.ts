import { type Kysely, sql } from 'kysely';

/** The jobs: one row while a job waits, runs or has failed; deleted once done. */
export const JOBS_TABLE = 'trellis_jobs';
/** One row per schedule and tick, claimed by the instance that enqueues that tick's run. */
export const TICKS_TABLE = 'trellis_job_ticks';
/** When each schedule was first seen, so that a backfill never reaches before it. */
export const SCHEDULES_TABLE = 'trellis_job_schedules';

const STATEMENTS = [
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
    span_link TEXT
  )`,
  `CREATE INDEX IF NOT EXISTS ${JOBS_TABLE}_due ON ${JOBS_TABLE} (run_at, id) WHERE attempts < max_attempts`,
  `CREATE TABLE IF NOT EXISTS ${TICKS_TABLE} (name TEXT NOT NULL, tick INTEGER NOT NULL, PRIMARY KEY (name, tick))`,
  `CREATE TABLE IF NOT EXISTS ${SCHEDULES_TABLE} (name TEXT PRIMARY KEY, known_since INTEGER NOT NULL)`,
];

/** Creates the jobs' tables in the database module's file when they are missing. */
export async function createJobTables(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
