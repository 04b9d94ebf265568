import type { CronItem, Runner, TaskList } from 'graphile-worker';
import { type Kysely, sql } from 'kysely';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import {
  type JobBackend,
  type JobInfo,
  type JobRunner,
  type NewJob,
  SCHEDULE_BACKFILL_MS,
  type WorkerSettings,
} from '../../../src/jobs';
import { settlesWithin } from '../../../src/kernel';
import { loadOptional } from '../../../src/optional';
import { graphileLogger } from './graphile-logger';
import { payloadOf, type StoredPayload, storedPayload } from './graphile-payload';

type Graphile = typeof import('graphile-worker');
type Pg = typeof import('pg');

/** graphile-worker's own lock timeout, past which a locked job is taken for cut off. */
const GRAPHILE_LOCK_TIMEOUT_MS = 4 * 3_600_000;

interface Row {
  id: string;
  name: string;
  payload: unknown;
  run_at: Date;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  locked_at: Date | null;
}

function infoOf(row: Row): JobInfo {
  const state = row.locked_at !== null ? 'running' : row.attempts >= row.max_attempts ? 'failed' : 'waiting';
  return {
    id: String(row.id),
    name: row.name,
    payload: payloadOf(row.payload),
    state,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    ...(row.last_error !== null && { lastError: row.last_error }),
    runAt: new Date(row.run_at),
  };
}

const JOBS = sql.raw('graphile_worker._private_jobs');
const SELECT_JOBS = sql`SELECT j.id::text AS id, t.identifier AS name, j.payload, j.run_at, j.attempts,
    j.max_attempts, j.last_error, j.locked_at
  FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id`;

/**
 * Jobs on PostgreSQL through graphile-worker, in its `graphile_worker` schema of the database
 * module's database: its runner takes jobs (LISTEN/NOTIFY, `SKIP LOCKED`), its crontab runs the
 * schedules once per tick across instances, and `add_job` stores a job on the caller's connection.
 */
export class GraphileJobBackend implements JobBackend {
  private readonly graphile: Graphile;
  private pool?: Pool;
  private runner?: Runner;
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly connectionString: string,
    private readonly root: Kysely<any>,
    private readonly logger: Logger,
    private readonly poolSize: number,
  ) {
    this.graphile = loadOptional<Graphile>('graphile-worker', "install('jobs') on PostgreSQL");
  }

  async prepare(): Promise<void> {
    const pg = loadOptional<Pg>('pg', "install('jobs') on PostgreSQL");
    this.pool = new pg.Pool({ connectionString: this.connectionString, max: this.poolSize });
    this.pool.on('error', (err) => this.logger.warn({ err }, 'jobs: idle connection lost'));
    await this.graphile.runMigrations({
      pgPool: this.pool,
      logger: graphileLogger(this.graphile, this.logger),
    });
  }

  async add(db: Kysely<any>, job: NewJob): Promise<string> {
    const payload = JSON.stringify(storedPayload(job.payload ?? null, job.requestId, job.spanLink));
    const { rows } = await sql<{ id: string }>`SELECT (graphile_worker.add_job(
        ${job.name}, ${payload}::json, run_at => ${job.runAt.toISOString()}::timestamptz,
        max_attempts => ${job.maxAttempts}, job_key => ${job.key ?? null}, job_key_mode => 'replace'
      )).id::text AS id`.execute(db);
    return rows[0]!.id;
  }

  async get(id: string): Promise<JobInfo | null> {
    if (!/^\d+$/.test(id)) return null;
    const { rows } = await sql<Row>`${SELECT_JOBS} WHERE j.id = ${id}::bigint`.execute(this.root);
    return rows[0] ? infoOf(rows[0]) : null;
  }

  async failed(): Promise<JobInfo[]> {
    const { rows } = await sql<Row>`${SELECT_JOBS}
      WHERE j.attempts >= j.max_attempts AND j.locked_at IS NULL ORDER BY j.id`.execute(this.root);
    return rows.map(infoOf);
  }

  async retry(id: string): Promise<boolean> {
    if (!/^\d+$/.test(id)) return false;
    const result = await sql`UPDATE ${JOBS} SET attempts = 0, run_at = now()
      WHERE id = ${id}::bigint AND attempts >= max_attempts AND locked_at IS NULL`.execute(this.root);
    if (Number(result.numAffectedRows ?? 0) === 0) return false;
    await sql`SELECT pg_notify('jobs:insert', '{"count":1}')`.execute(this.root);
    return true;
  }

  // clock_timestamp(), not now(): inside a test's held transaction now() stays at its start.
  async busy(): Promise<number> {
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM ${JOBS}
      WHERE locked_at IS NOT NULL OR (attempts < max_attempts AND run_at <= clock_timestamp())`.execute(
      this.root,
    );
    return Number(rows[0]!.n);
  }

  async runHeld(runner: JobRunner): Promise<number> {
    let ran = 0;
    for (;;) {
      const { rows } = await sql<Row>`${SELECT_JOBS} WHERE j.locked_at IS NULL AND j.attempts < j.max_attempts
        AND j.run_at <= clock_timestamp() ORDER BY j.run_at, j.id LIMIT 1`.execute(this.root);
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
        await sql`DELETE FROM ${JOBS} WHERE id = ${row.id}::bigint`.execute(this.root);
      } catch (err) {
        // graphile-worker's schedule: the next attempt after e^attempt seconds.
        await sql`UPDATE ${JOBS} SET attempts = ${attempt},
            last_error = ${err instanceof Error ? err.message : String(err)},
            run_at = clock_timestamp() + make_interval(secs => exp(least(${attempt}, 10)))
          WHERE id = ${row.id}::bigint`.execute(this.root);
      }
      ran++;
    }
  }

  async waiting(): Promise<number> {
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM ${JOBS}
      WHERE locked_at IS NULL AND attempts < max_attempts`.execute(this.root);
    return Number(rows[0]!.n);
  }

  async start(settings: WorkerSettings): Promise<void> {
    const taskList: TaskList = {};
    for (const task of settings.compiled.all()) {
      taskList[task.name] = (stored, helpers) => {
        const { trellis } = (stored ?? {}) as StoredPayload;
        return settings.runner.run({
          id: String(helpers.job.id),
          name: task.name,
          payload: payloadOf(stored),
          attempt: helpers.job.attempts,
          maxAttempts: helpers.job.max_attempts,
          requestId: trellis?.requestId,
          spanLink: trellis?.spanLink,
        });
      };
    }
    const cronItems: CronItem[] = settings.compiled.schedules().map((task) => ({
      task: task.name,
      identifier: task.name,
      // croner reads the expression in its time zone; graphile-worker asks minute by minute.
      match: (digest) => task.schedule!.matches(minuteOf(digest)),
      options: { backfillPeriod: SCHEDULE_BACKFILL_MS, maxAttempts: task.maxAttempts },
    }));
    this.runner = await this.graphile.run({
      pgPool: this.pool,
      concurrency: settings.concurrency,
      noHandleSignals: true,
      // What still runs when the grace is over is failed by graphile-worker, for a retry.
      gracefulShutdownAbortTimeout: settings.shutdownGraceMs,
      pollInterval: settings.pollIntervalMs,
      taskList,
      parsedCronItems: this.graphile.parseCronItems(cronItems),
      logger: graphileLogger(this.graphile, this.logger),
    });
    if (settings.lockTimeoutMs < GRAPHILE_LOCK_TIMEOUT_MS) this.sweep(settings);
  }

  wake(): void {
    // add_job notifies every runner listening on the database itself.
  }

  async stop(graceMs: number): Promise<void> {
    clearInterval(this.sweeper);
    const runner = this.runner;
    this.runner = undefined;
    if (runner) {
      if (!(await settlesWithin(runner.stop(), graceMs)))
        this.logger.warn('jobs still running at shutdown are left to their lock timeout');
    }
    await this.pool?.end();
  }

  // A lock timeout shorter than graphile-worker's four hours: locks older than it are cleared.
  private sweep(settings: WorkerSettings): void {
    const seconds = settings.lockTimeoutMs / 1000;
    this.sweeper = setInterval(() => {
      void sql`UPDATE ${JOBS} SET locked_at = NULL, locked_by = NULL
        WHERE locked_at < now() - make_interval(secs => ${seconds})`
        .execute(this.root)
        .catch((err) => this.logger.warn({ err }, 'clearing timed-out job locks failed'));
    }, settings.pollIntervalMs);
    this.sweeper.unref();
  }
}

// The start of the minute graphile-worker's digest names (UTC), in the current or the last year.
function minuteOf(digest: { min: number; hour: number; date: number; month: number }): number {
  const year = new Date().getUTCFullYear();
  const at = Date.UTC(year, digest.month - 1, digest.date, digest.hour, digest.min);
  return at > Date.now() + 86_400_000
    ? Date.UTC(year - 1, digest.month - 1, digest.date, digest.hour, digest.min)
    : at;
}
