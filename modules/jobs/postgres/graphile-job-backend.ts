import type { CronItem, Runner, TaskList } from 'graphile-worker';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import {
  type JobBackend,
  type JobInfo,
  type JobNameCounts,
  type JobRunner,
  type JobsOverview,
  jobsError,
  type NewJob,
  SCHEDULE_BACKFILL_MS,
  type WorkerSettings,
} from '../../../src/jobs';
import { settlesWithin } from '../../../src/kernel';
import { loadOptional } from '../../../src/optional';
import { GRAPHILE_JOBS_TABLE, type GraphileJobRow, SELECT_GRAPHILE_JOBS } from './graphile-jobs-table';
import { graphileLogger } from './graphile-logger';
import { payloadOf, type StoredPayload, storedPayload } from './graphile-payload';

type Graphile = typeof import('graphile-worker');
type Pg = typeof import('pg');

/** graphile-worker's own lock timeout, past which a locked job is taken for cut off. */
const GRAPHILE_LOCK_TIMEOUT_MS = 4 * 3_600_000;

// add_job answering no job (a worker locked the keyed job between its two statements) is tried
// again: each try that loses needs another job of that key locked meanwhile.
const ADD_TRIES = 10;

/** The graphile-worker flag a cancelled running job carries until its run returns. */
const CANCELLED_FLAG = 'trellis_cancelled';

function infoOf(row: GraphileJobRow): JobInfo {
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
    priority: Number(row.priority),
  };
}

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
  private cancelWatch?: NodeJS.Timeout;
  private heartbeat?: NodeJS.Timeout;
  private jobRunner?: JobRunner;
  // The jobs this instance runs, each with the graphile-worker worker that locked it.
  private readonly claims = new Map<string, string>();
  readonly defaultLockTimeoutMs = GRAPHILE_LOCK_TIMEOUT_MS;

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

  /**
   * Stores a job through `graphile_worker.add_job` on the caller's connection. With a key, it
   * clears the key of a locked job, then inserts or replaces the waiting one `WHERE locked_at
   * IS NULL`: a worker locking that job between the two writes nothing and answers no job, so
   * add_job is called again (in the caller's transaction, if any), and now sees the lock.
   */
  async add(db: Kysely<any>, job: NewJob): Promise<string> {
    const payload = JSON.stringify(storedPayload(job.payload ?? null, job.requestId, job.spanLink));
    for (let tries = 1; ; tries++) {
      const { rows } = await sql<{ id: string | null }>`SELECT (graphile_worker.add_job(
          ${job.name}, ${payload}::json, run_at => ${job.runAt.toISOString()}::timestamptz,
          max_attempts => ${job.maxAttempts}, job_key => ${job.key ?? null}, job_key_mode => 'replace',
          priority => ${job.priority}
        )).id::text AS id`.execute(db);
      const id = rows[0]?.id;
      if (id) return id;
      if (tries >= ADD_TRIES) throw jobsError('TRELLIS_ERR_JOB_NOT_STORED', job.name, job.key ?? '', tries);
    }
  }

  async get(id: string): Promise<JobInfo | null> {
    if (!/^\d+$/.test(id)) return null;
    const { rows } = await sql<GraphileJobRow>`${SELECT_GRAPHILE_JOBS} WHERE j.id = ${id}::bigint`.execute(
      this.root,
    );
    return rows[0] ? infoOf(rows[0]) : null;
  }

  async failed(): Promise<JobInfo[]> {
    const { rows } = await sql<GraphileJobRow>`${SELECT_GRAPHILE_JOBS}
      WHERE j.attempts >= j.max_attempts AND j.locked_at IS NULL ORDER BY j.id`.execute(this.root);
    return rows.map(infoOf);
  }

  /**
   * A failed job made due now with fresh attempts, by graphile-worker's `reschedule_jobs`; then
   * the runners are woken on the channel its `add_job` notifies (no function wakes them).
   */
  async retry(id: string): Promise<boolean> {
    if (!/^\d+$/.test(id)) return false;
    const { rows } = await sql`SELECT id FROM graphile_worker.reschedule_jobs(
        ARRAY(SELECT id FROM graphile_worker.jobs
          WHERE id = ${id}::bigint AND attempts >= max_attempts AND locked_at IS NULL),
        run_at => now(), attempts => 0)`.execute(this.root);
    if (rows.length === 0) return false;
    await sql`SELECT pg_notify('jobs:insert', '{"count":1}')`.execute(this.root);
    return true;
  }

  /**
   * On `db`, the caller's connection (its transaction, inside one). A waiting or failed job:
   * deleted by graphile-worker's `complete_jobs` (which leaves locked jobs alone). A running
   * one: its key cleared and its attempts used up, as graphile-worker's `remove_job` does to a
   * running keyed job, so that it is not retried, and flagged, so that the runner holding it
   * aborts it (at its next poll; at once here outside a transaction) and the job is deleted
   * when the run returns.
   */
  async cancel(db: Kysely<any>, id: string): Promise<boolean> {
    if (!/^\d+$/.test(id)) return false;
    // A run that ends between the statements leaves the job waiting (a retry): once more.
    for (let tries = 0; tries < 3; tries++) {
      const deleted = await sql`SELECT id FROM graphile_worker.complete_jobs(ARRAY[${id}::bigint])`.execute(
        db,
      );
      if (deleted.rows.length > 0) return true;
      const marked = await sql`UPDATE ${GRAPHILE_JOBS_TABLE} SET key = NULL, attempts = max_attempts,
          flags = coalesce(flags, '{}'::jsonb) || jsonb_build_object(${CANCELLED_FLAG}::text, true)
        WHERE id = ${id}::bigint AND locked_at IS NOT NULL RETURNING id`.execute(db);
      if (marked.rows.length > 0) {
        if (!db.isTransaction) this.jobRunner?.abort(id);
        return true;
      }
      const { rows } = await sql`SELECT 1 FROM graphile_worker.jobs WHERE id = ${id}::bigint`.execute(db);
      if (rows.length === 0) return false;
    }
    return false;
  }

  // The jobs among `ids` cancelled while they run, read from graphile-worker's `jobs` view.
  private async cancelledAmong(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<{ id: string }>`SELECT id::text AS id FROM graphile_worker.jobs
      WHERE id = ANY(${ids}::bigint[]) AND flags ? ${CANCELLED_FLAG}`.execute(this.root);
    return rows.map((row) => row.id);
  }

  // clock_timestamp(), not now(): inside a transaction now() stays at its start.
  async busy(): Promise<number> {
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM graphile_worker.jobs
      WHERE locked_at IS NOT NULL OR (attempts < max_attempts AND run_at <= clock_timestamp())`.execute(
      this.root,
    );
    return Number(rows[0]!.n);
  }

  async waiting(): Promise<number> {
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM graphile_worker.jobs
      WHERE locked_at IS NULL AND attempts < max_attempts`.execute(this.root);
    return Number(rows[0]!.n);
  }

  async overview(limit: number): Promise<JobsOverview> {
    const { rows: names } = await sql<JobNameCounts>`SELECT task_identifier AS name,
        count(*) FILTER (WHERE locked_at IS NULL AND attempts < max_attempts) AS waiting,
        count(*) FILTER (WHERE locked_at IS NOT NULL) AS running,
        count(*) FILTER (WHERE locked_at IS NULL AND attempts >= max_attempts) AS failed
      FROM graphile_worker.jobs GROUP BY task_identifier ORDER BY task_identifier`.execute(this.root);
    const listed = async (where: RawBuilder<unknown>, order: RawBuilder<unknown>) =>
      (
        await sql<GraphileJobRow>`${SELECT_GRAPHILE_JOBS} WHERE ${where} ORDER BY ${order} LIMIT ${limit}`.execute(
          this.root,
        )
      ).rows;
    const jobs = [
      ...(await listed(sql`j.locked_at IS NOT NULL`, sql`j.locked_at, j.id`)),
      ...(await listed(sql`j.locked_at IS NULL AND j.attempts >= j.max_attempts`, sql`j.id DESC`)),
      ...(await listed(
        sql`j.locked_at IS NULL AND j.attempts < j.max_attempts`,
        sql`j.priority, j.run_at, j.id`,
      )),
    ];
    return {
      names: names.map((row) => ({
        name: row.name,
        waiting: Number(row.waiting),
        running: Number(row.running),
        failed: Number(row.failed),
      })),
      jobs: jobs.map(infoOf),
    };
  }

  async start(settings: WorkerSettings): Promise<void> {
    this.jobRunner = settings.runner;
    const taskList: TaskList = {};
    for (const task of settings.compiled.all()) {
      taskList[task.name] = async (stored, helpers) => {
        const { trellis } = (stored ?? {}) as StoredPayload;
        const id = String(helpers.job.id);
        if (helpers.job.locked_by) this.claims.set(id, helpers.job.locked_by);
        try {
          await settings.runner.run({
            id,
            name: task.name,
            payload: payloadOf(stored),
            attempt: helpers.job.attempts,
            maxAttempts: helpers.job.max_attempts,
            requestId: trellis?.requestId,
            spanLink: trellis?.spanLink,
          });
        } catch (err) {
          // Cancelled before this runner was told: the run is over, and graphile-worker
          // deletes the job instead of keeping it as failed.
          if ((await this.cancelledAmong([id]).catch(() => [])).length > 0) return;
          throw err;
        } finally {
          this.claims.delete(id);
        }
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
    this.heartbeat = setInterval(() => void this.renewClaims(), settings.lockTimeoutMs / 3);
    this.heartbeat.unref();
    if (settings.lockTimeoutMs < GRAPHILE_LOCK_TIMEOUT_MS) this.sweep(settings);
    this.watchCancels(settings);
  }

  wake(): void {
    // add_job notifies every runner listening on the database itself.
  }

  // A claim (graphile-worker's getJob) in flight when stop begins is not given back: its worker
  // runs the job it took, and runner.stop() resolves once that run is over, so the grace covers it.
  async stop(graceMs: number): Promise<void> {
    clearInterval(this.sweeper);
    clearInterval(this.cancelWatch);
    const runner = this.runner;
    this.runner = undefined;
    if (runner) {
      if (!(await settlesWithin(runner.stop(), graceMs)))
        this.logger.warn('jobs still running at shutdown are left to their lock timeout');
    }
    clearInterval(this.heartbeat);
    // Stopped twice (the workers, then the tables' connection): the pool ends once.
    const pool = this.pool;
    this.pool = undefined;
    await pool?.end();
  }

  // Jobs cancelled by another instance while they run here: their runs are aborted.
  private watchCancels(settings: WorkerSettings): void {
    this.cancelWatch = setInterval(() => {
      const running = settings.runner.runningIds();
      if (running.length === 0) return;
      void this.cancelledAmong(running).then(
        (ids) => {
          for (const id of ids) settings.runner.abort(id);
        },
        (err) => this.logger.warn({ err }, 'looking for cancelled jobs failed'),
      );
    }, settings.pollIntervalMs);
    this.cancelWatch.unref();
  }

  // The heartbeat: the locks of the jobs this instance runs are renewed, so that no sweep (this
  // module's, or graphile-worker's own after four hours) takes them for cut off. graphile-worker
  // has no function for it: `locked_at` is written, for the jobs still locked by their worker.
  private async renewClaims(): Promise<void> {
    if (this.claims.size === 0) return;
    try {
      await sql`UPDATE ${GRAPHILE_JOBS_TABLE} AS j SET locked_at = now()
        FROM unnest(${[...this.claims.keys()]}::bigint[], ${[...this.claims.values()]}::text[]) AS c(id, worker)
        WHERE j.id = c.id AND j.locked_by = c.worker`.execute(this.root);
    } catch (err) {
      this.logger.warn({ err }, 'renewing the locks of running jobs failed');
    }
  }

  // A lock timeout shorter than graphile-worker's four hours: the workers holding a lock not
  // renewed for that long are taken for dead and unlocked by graphile-worker's
  // `force_unlock_workers`, this instance's own workers left out.
  private sweep(settings: WorkerSettings): void {
    const seconds = settings.lockTimeoutMs / 1000;
    this.sweeper = setInterval(() => {
      const own = [...new Set(this.claims.values())];
      void sql`SELECT graphile_worker.force_unlock_workers(ARRAY(
          SELECT DISTINCT locked_by FROM graphile_worker.jobs
          WHERE locked_at < now() - make_interval(secs => ${seconds}) AND locked_by <> ALL(${own}::text[])))`
        .execute(this.root)
        .catch((err) => this.logger.warn({ err }, 'unlocking the jobs of dead workers failed'));
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
