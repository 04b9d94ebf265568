import { type Kysely, sql } from 'kysely';
import { type ClaimedJob, type JobInfo, type NewJob, retryDelayMs } from '../../../src/jobs';
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
}

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
  };
}

/** The SQL of the embedded backend: jobs in the database module's SQLite file. */
export class SqliteJobStore {
  constructor(
    private readonly root: Kysely<any>,
    private readonly now: () => number = Date.now,
    /** Whether a test's transaction holds the connection: claims are savepoints in it then. */
    private readonly held: () => boolean = () => false,
  ) {}

  /** Stores a job on `db`; a job already waiting under its key is updated instead. */
  async add(db: Kysely<any>, job: NewJob): Promise<string> {
    const payload = JSON.stringify(job.payload ?? null);
    if (job.key !== undefined)
      // A running job keeps running but gives up its key (and its retries) to the new one.
      await sql`UPDATE ${table} SET key = NULL, max_attempts = attempts
        WHERE key = ${job.key} AND locked_at IS NOT NULL`.execute(db);
    const { rows } = await sql<{ id: number }>`INSERT INTO ${table}
        (name, payload, run_at, max_attempts, key, request_id, span_link)
      VALUES (${job.name}, ${payload}, ${job.runAt.getTime()}, ${job.maxAttempts}, ${job.key ?? null},
        ${job.requestId ?? null}, ${job.spanLink ?? null})
      ON CONFLICT (key) DO UPDATE SET name = excluded.name, payload = excluded.payload,
        run_at = excluded.run_at, max_attempts = excluded.max_attempts, attempts = 0, last_error = NULL,
        request_id = excluded.request_id, span_link = excluded.span_link
      RETURNING id`.execute(db);
    return String(rows[0]!.id);
  }

  /**
   * Claims up to `limit` due jobs for `worker` in one `UPDATE ... RETURNING` under the file's
   * write lock; a job whose lock is older than `lockTimeoutMs` (its worker died) is due again.
   */
  claim(worker: string, limit: number, lockTimeoutMs: number): Promise<ClaimedJob[]> {
    const now = this.now();
    return immediately(
      this.root,
      async (db) => {
        const { rows } = await sql<Row>`UPDATE ${table}
        SET locked_at = ${now}, locked_by = ${worker}, attempts = attempts + 1
        WHERE id IN (
          SELECT id FROM ${table}
          WHERE attempts < max_attempts AND run_at <= ${now}
            AND (locked_at IS NULL OR locked_at < ${now - lockTimeoutMs})
          ORDER BY run_at, id LIMIT ${limit})
        RETURNING *`.execute(db);
        return rows.map((row) => ({
          id: String(row.id),
          name: row.name,
          payload: JSON.parse(row.payload),
          attempt: Number(row.attempts),
          maxAttempts: Number(row.max_attempts),
          requestId: row.request_id ?? undefined,
          spanLink: row.span_link ?? undefined,
        }));
      },
      this.held(),
    );
  }

  /** Runs that succeeded: the jobs are done (one statement, one commit, for all of them). */
  async complete(ids: readonly string[], worker: string): Promise<void> {
    await sql`DELETE FROM ${table} WHERE locked_by = ${worker} AND id IN (${sql.join(ids.map(Number))})`.execute(
      this.root,
    );
  }

  /** A run that failed: due again after e^attempt seconds, or kept as failed once out of attempts. */
  async fail(job: ClaimedJob, worker: string, error: string): Promise<void> {
    const runAt = this.now() + retryDelayMs(job.attempt);
    await sql`UPDATE ${table} SET locked_at = NULL, locked_by = NULL, last_error = ${error}, run_at = ${runAt}
      WHERE id = ${Number(job.id)} AND locked_by = ${worker}`.execute(this.root);
  }

  /** Gives the jobs `worker` still holds back, their cut-off run not counted. */
  async release(worker: string): Promise<void> {
    await sql`UPDATE ${table} SET locked_at = NULL, locked_by = NULL, attempts = attempts - 1
      WHERE locked_by = ${worker}`.execute(this.root);
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
    return immediately(
      this.root,
      async (db) => {
        const claimed = await sql`INSERT INTO ${sql.table(TICKS_TABLE)} (name, tick) VALUES (${name}, ${tick})
        ON CONFLICT DO NOTHING`.execute(db);
        if (Number(claimed.numAffectedRows ?? 0) === 0) return false;
        await sql`INSERT INTO ${table} (name, payload, run_at, max_attempts)
        VALUES (${name}, 'null', ${tick}, ${maxAttempts})`.execute(db);
        await sql`DELETE FROM ${sql.table(TICKS_TABLE)} WHERE name = ${name} AND tick < ${tick - 7 * 86_400_000}`.execute(
          db,
        );
        return true;
      },
      this.held(),
    );
  }
}
