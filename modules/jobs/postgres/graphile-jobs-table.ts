import { sql } from 'kysely';

/** A job as `SELECT_GRAPHILE_JOBS` reads it from graphile-worker's view and table. */
export interface GraphileJobRow {
  id: string;
  name: string;
  payload: unknown;
  run_at: Date;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  locked_at: Date | null;
  priority: number;
}

/** graphile-worker's table, written only where it has no function (a claim's heartbeat, a cancel flag, a run's last error). */
export const GRAPHILE_JOBS_TABLE = sql.raw('graphile_worker._private_jobs');

/** Every column of graphile-worker's public view but the payload, read from the table beside it; alias `j`. */
export const SELECT_GRAPHILE_JOBS = sql`SELECT j.id::text AS id, j.task_identifier AS name, p.payload, j.run_at, j.attempts,
    j.max_attempts, j.last_error, j.locked_at, j.priority
  FROM graphile_worker.jobs j JOIN graphile_worker._private_jobs p ON p.id = j.id`;
