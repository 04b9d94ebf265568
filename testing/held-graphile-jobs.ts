import { type Kysely, sql } from 'kysely';
import {
  GRAPHILE_JOBS_TABLE,
  type GraphileJobRow,
  SELECT_GRAPHILE_JOBS,
} from '../modules/jobs/postgres/graphile-jobs-table';
import { payloadOf, type StoredPayload } from '../modules/jobs/postgres/graphile-payload';
import type { JobRunner } from '../src/jobs';

/**
 * Runs graphile-worker's due jobs through `runner` on `db`, the application's own connection,
 * while a test's transaction holds it: graphile-worker's workers, on connections of their own,
 * cannot see what it has not committed. Resolves to how many ran.
 */
export async function runHeldGraphileJobs(db: Kysely<any>, runner: JobRunner): Promise<number> {
  let ran = 0;
  for (;;) {
    // clock_timestamp(), not now(): inside the held transaction now() stays at its start.
    const { rows } = await sql<GraphileJobRow>`${SELECT_GRAPHILE_JOBS}
      WHERE j.locked_at IS NULL AND j.attempts < j.max_attempts AND j.run_at <= clock_timestamp()
      ORDER BY j.priority, j.run_at, j.id LIMIT 1`.execute(db);
    const row = rows[0];
    if (!row) return ran;
    const attempt = Number(row.attempts) + 1;
    const { trellis } = (row.payload ?? {}) as StoredPayload;
    try {
      await runner.run({
        id: row.id,
        name: row.name,
        payload: payloadOf(row.payload),
        attempt,
        maxAttempts: Number(row.max_attempts),
        requestId: trellis?.requestId,
        spanLink: trellis?.spanLink,
      });
      await sql`SELECT graphile_worker.complete_jobs(ARRAY[${row.id}::bigint])`.execute(db);
    } catch (err) {
      // graphile-worker's schedule: the next attempt after e^attempt seconds. No function
      // sets a job's last error short of failing it for good: written here.
      await sql`UPDATE ${GRAPHILE_JOBS_TABLE} SET attempts = ${attempt},
          last_error = ${err instanceof Error ? err.message : String(err)},
          run_at = clock_timestamp() + make_interval(secs => exp(least(${attempt}, 10)))
        WHERE id = ${row.id}::bigint`.execute(db);
    }
    ran++;
  }
}
