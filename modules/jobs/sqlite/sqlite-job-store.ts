import { type Kysely, type RawBuilder, sql } from 'kysely';
import {
  type ClaimedJob,
  type JobInfo,
  type JobNameCounts,
  type JobsOverview,
  jobsError,
  type NewJob,
  retryDelayMs,
} from '../../../src/jobs';
import { immediately } from './immediate';
import { JOBS_TABLE, SCHEDULES_TABLE, TICKS_TABLE } from './sqlite-job-tables';

interface Row {
  id: number;
  name: string;
  payload: string;
  run_at: number;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  locked_at: number | null;
  request_id: string | null;
  span_link: string | null;
  priority: number;
  cancelled: number;
}

/** A job a worker claimed; `cancelled` when it was cancelled while its lock ran out (its worker died). */
export interface SqliteClaimedJob extends ClaimedJob {
  cancelled: boolean;
}

/** What `cancel` found: a job it deleted, a running one it marked, or none. */
export type CancelOutcome = 'deleted' | 'running' | 'none';

const table = sql.table(JOBS_TABLE);

function infoOf(row: Row): JobInfo {
  const state = row.locked_at !== null ? 'running' : row.attempts >= row.max_attempts ? 'failed' : 'waiting';
  return {
    id: String(row.id),
    name: row.name,
    payload: JSON.parse(row.payload),
    state,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    ...(row.last_error !== null && { lastError: row.last_error }),
    runAt: new Date(Number(row.run_at)),
    priority: Number(row.priority),
  };
}

/** The SQL of the embedded backend: jobs in the database module's SQLite file. */
export class SqliteJobStore {
  constructor(
    private readonly root: Kysely<any>,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Stores a job on `db`; a job already waiting under its key is updated instead. A keyed job's
   * two statements run in one write transaction (the caller's, or one of their own): a worker
   * of another process claiming the keyed job between them would run it with the old payload
   * and then delete it, the new payload written to it lost.
   */
  add(db: Kysely<any>, job: NewJob): Promise<string> {
    if (job.key === undefined || db.isTransaction) return this.insert(db, job);
    return immediately(this.root, (trx) => this.insert(trx, job));
  }

  private async insert(db: Kysely<any>, job: NewJob): Promise<string> {
    const payload = JSON.stringify(job.payload ?? null);
    if (job.key !== undefined)
      // A running job keeps running but gives up its key (and its retries) to the new one.
      await sql`UPDATE ${table} SET key = NULL, max_attempts = attempts
        WHERE key = ${job.key} AND locked_at IS NOT NULL`.execute(db);
    const { rows } = await sql<{ id: number }>`INSERT INTO ${table}
        (name, payload, run_at, max_attempts, priority, key, request_id, span_link)
      VALUES (${job.name}, ${payload}, ${job.runAt.getTime()}, ${job.maxAttempts}, ${job.priority},
        ${job.key ?? null}, ${job.requestId ?? null}, ${job.spanLink ?? null})
      ON CONFLICT (key) DO UPDATE SET name = excluded.name, payload = excluded.payload,
        run_at = excluded.run_at, max_attempts = excluded.max_attempts, priority = excluded.priority,
        attempts = 0, last_error = NULL, request_id = excluded.request_id, span_link = excluded.span_link
      WHERE locked_at IS NULL
      RETURNING id`.execute(db);
    // The write lock held since the UPDATE keeps workers from locking the row in between.
    if (!rows[0]) throw jobsError('TRELLIS_ERR_JOB_NOT_STORED', job.name, job.key ?? '', 1);
    return String(rows[0].id);
  }

  /**
   * Claims up to `limit` due jobs for `worker` in one `UPDATE ... RETURNING` under the file's
   * write lock; a job whose claim was not renewed for `lockTimeoutMs` (its worker died) is due
   * again, unless `worker` itself holds it: a live worker never takes a job it still runs.
   */
  claim(worker: string, limit: number, lockTimeoutMs: number): Promise<SqliteClaimedJob[]> {
    const now = this.now();
    return immediately(this.root, async (db) => {
      const { rows } = await sql<Row>`UPDATE ${table}
        SET locked_at = ${now}, locked_by = ${worker}, attempts = attempts + 1
        WHERE id IN (
          SELECT id FROM ${table}
          WHERE attempts < max_attempts AND run_at <= ${now}
            AND (locked_at IS NULL OR (locked_at < ${now - lockTimeoutMs} AND locked_by <> ${worker}))
          ORDER BY priority, run_at, id LIMIT ${limit})
        RETURNING *`.execute(db);
      return rows.map((row) => ({
        id: String(row.id),
        name: row.name,
        payload: JSON.parse(row.payload),
        attempt: Number(row.attempts),
        maxAttempts: Number(row.max_attempts),
        requestId: row.request_id ?? undefined,
        spanLink: row.span_link ?? undefined,
        cancelled: Number(row.cancelled) === 1,
      }));
    });
  }

  /** Renews the claims of the jobs `worker` runs (its heartbeat): they are not taken for cut off. */
  async renew(worker: string): Promise<void> {
    await sql`UPDATE ${table} SET locked_at = ${this.now()} WHERE locked_by = ${worker}`.execute(this.root);
  }

  /** Runs that succeeded: the jobs are done (one statement, one commit, for all of them). */
  async complete(ids: readonly string[], worker: string): Promise<void> {
    await sql`DELETE FROM ${table} WHERE locked_by = ${worker} AND id IN (${sql.join(ids.map(Number))})`.execute(
      this.root,
    );
  }

  /**
   * A run that failed: due again after e^attempt seconds, or kept as failed once out of
   * attempts; deleted when it was cancelled meanwhile (its worker not yet told).
   */
  async fail(job: ClaimedJob, worker: string, error: string): Promise<void> {
    const cancelled = await sql`DELETE FROM ${table}
      WHERE id = ${Number(job.id)} AND locked_by = ${worker} AND cancelled = 1`.execute(this.root);
    if (Number(cancelled.numAffectedRows ?? 0) > 0) return;
    const runAt = this.now() + retryDelayMs(job.attempt);
    await sql`UPDATE ${table} SET locked_at = NULL, locked_by = NULL, last_error = ${error}, run_at = ${runAt}
      WHERE id = ${Number(job.id)} AND locked_by = ${worker}`.execute(this.root);
  }

  /** Gives back the jobs `worker` still holds (only `ids` among them, when given), their cut-off run not counted. */
  async release(worker: string, ids?: readonly string[]): Promise<void> {
    const among = ids === undefined ? sql`` : sql`AND id IN (${sql.join(ids.map(Number))})`;
    await sql`UPDATE ${table} SET locked_at = NULL, locked_by = NULL, attempts = attempts - 1
      WHERE locked_by = ${worker} ${among}`.execute(this.root);
  }

  /**
   * Deletes the job when it waits or has failed; marks it cancelled when it runs (not retried,
   * deleted when its run returns); on `db`, in one write transaction (the caller's, or one of
   * their own) so that the job cannot change between the two.
   */
  cancel(db: Kysely<any>, id: string): Promise<CancelOutcome> {
    if (!/^\d+$/.test(id)) return Promise.resolve('none');
    const work = async (trx: Kysely<any>): Promise<CancelOutcome> => {
      const deleted = await sql`DELETE FROM ${table} WHERE id = ${Number(id)} AND locked_at IS NULL`.execute(
        trx,
      );
      if (Number(deleted.numAffectedRows ?? 0) > 0) return 'deleted';
      const marked = await sql`UPDATE ${table} SET cancelled = 1, key = NULL
        WHERE id = ${Number(id)} AND locked_at IS NOT NULL`.execute(trx);
      return Number(marked.numAffectedRows ?? 0) > 0 ? 'running' : 'none';
    };
    return db.isTransaction ? work(db) : immediately(this.root, work);
  }

  /** Which of the jobs `ids` (running here) were cancelled, by this or another process. */
  async cancelledAmong(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<{ id: number }>`SELECT id FROM ${table}
      WHERE id IN (${sql.join(ids.map(Number))}) AND cancelled = 1`.execute(this.root);
    return rows.map((row) => String(row.id));
  }

  async get(id: string): Promise<JobInfo | null> {
    if (!/^\d+$/.test(id)) return null;
    const { rows } = await sql<Row>`SELECT * FROM ${table} WHERE id = ${Number(id)}`.execute(this.root);
    return rows[0] ? infoOf(rows[0]) : null;
  }

  async failed(): Promise<JobInfo[]> {
    const { rows } = await sql<Row>`SELECT * FROM ${table}
      WHERE attempts >= max_attempts AND locked_at IS NULL ORDER BY id`.execute(this.root);
    return rows.map(infoOf);
  }

  async retry(id: string): Promise<boolean> {
    if (!/^\d+$/.test(id)) return false;
    const result = await sql`UPDATE ${table} SET attempts = 0, run_at = ${this.now()}
      WHERE id = ${Number(id)} AND attempts >= max_attempts AND locked_at IS NULL`.execute(this.root);
    return Number(result.numAffectedRows ?? 0) > 0;
  }

  async busy(): Promise<number> {
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${table}
      WHERE locked_at IS NOT NULL OR (attempts < max_attempts AND run_at <= ${this.now()})`.execute(
      this.root,
    );
    return Number(rows[0]!.n);
  }

  async waiting(): Promise<number> {
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${table}
      WHERE locked_at IS NULL AND attempts < max_attempts`.execute(this.root);
    return Number(rows[0]!.n);
  }

  async overview(limit: number): Promise<JobsOverview> {
    const { rows: names } = await sql<JobNameCounts>`SELECT name,
        sum(locked_at IS NULL AND attempts < max_attempts) AS waiting,
        sum(locked_at IS NOT NULL) AS running,
        sum(locked_at IS NULL AND attempts >= max_attempts) AS failed
      FROM ${table} GROUP BY name ORDER BY name`.execute(this.root);
    const listed = async (where: RawBuilder<unknown>, order: RawBuilder<unknown>) =>
      (
        await sql<Row>`SELECT * FROM ${table} WHERE ${where} ORDER BY ${order} LIMIT ${limit}`.execute(
          this.root,
        )
      ).rows;
    const jobs = [
      ...(await listed(sql`locked_at IS NOT NULL`, sql`locked_at, id`)),
      ...(await listed(sql`locked_at IS NULL AND attempts >= max_attempts`, sql`id DESC`)),
      ...(await listed(sql`locked_at IS NULL AND attempts < max_attempts`, sql`priority, run_at, id`)),
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

  /** When the schedule was first seen (now, the first time). */
  async knownSince(name: string): Promise<number> {
    await sql`INSERT INTO ${sql.table(SCHEDULES_TABLE)} (name, known_since) VALUES (${name}, ${this.now()})
      ON CONFLICT (name) DO NOTHING`.execute(this.root);
    const { rows } = await sql<{ known_since: number }>`SELECT known_since FROM ${sql.table(SCHEDULES_TABLE)}
      WHERE name = ${name}`.execute(this.root);
    return Number(rows[0]!.known_since);
  }

  /**
   * Claims the run of schedule `name` at `tick`: the instance whose insert of (name, tick) wins
   * enqueues it; the others find the row and do nothing. True when this call enqueued it.
   */
  claimTick(name: string, tick: number, maxAttempts: number): Promise<boolean> {
    return immediately(this.root, async (db) => {
      const claimed = await sql`INSERT INTO ${sql.table(TICKS_TABLE)} (name, tick) VALUES (${name}, ${tick})
        ON CONFLICT DO NOTHING`.execute(db);
      if (Number(claimed.numAffectedRows ?? 0) === 0) return false;
      await sql`INSERT INTO ${table} (name, payload, run_at, max_attempts)
        VALUES (${name}, 'null', ${tick}, ${maxAttempts})`.execute(db);
      await sql`DELETE FROM ${sql.table(TICKS_TABLE)} WHERE name = ${name} AND tick < ${tick - 7 * 86_400_000}`.execute(
        db,
      );
      return true;
    });
  }
}
