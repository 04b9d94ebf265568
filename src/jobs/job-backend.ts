import type { Kysely } from 'kysely';
import type { CompiledJobs } from './compiled-jobs';
import type { JobRunner } from './job-runner';
import type { JobsOverview } from './jobs-board';
import type { JobInfo } from './jobs-token';

/** How far back a schedule's missed ticks are made up after a stop: an hour, on either backend. */
export const SCHEDULE_BACKFILL_MS = 3_600_000;

/** A job to store, its options resolved. */
export interface NewJob {
  name: string;
  payload: unknown;
  runAt: Date;
  maxAttempts: number;
  /** Lower runs first (graphile-worker's priority, 0 by default). */
  priority: number;
  key?: string;
  requestId?: string;
  spanLink?: string;
}

/** What a worker is given: what to run, how many at once, how often to look. */
export interface WorkerSettings {
  runner: JobRunner;
  compiled: CompiledJobs;
  concurrency: number;
  pollIntervalMs: number;
  /**
   * A claim not renewed for this long is taken for cut off (its process died) and its job runs
   * again; the worker renews the claims of the jobs it runs every third of it.
   */
  lockTimeoutMs: number;
  /** How long `stop` waits for running jobs (the application's shutdown grace). */
  shutdownGraceMs: number;
}

/** Where jobs are kept and how they are claimed: the embedded SQLite one, or graphile-worker's. */
export interface JobBackend {
  /** `lockTimeoutMs` when the application names none. */
  readonly defaultLockTimeoutMs: number;
  /** Creates what it keeps jobs in (tables, a schema), at `ready()`. */
  prepare(): Promise<void>;
  /** Stores a job through `db`, the caller's connection (its transaction, inside one); its id. */
  add(db: Kysely<any>, job: NewJob): Promise<string>;
  get(id: string): Promise<JobInfo | null>;
  failed(): Promise<JobInfo[]>;
  retry(id: string): Promise<boolean>;
  /**
   * Deletes a waiting or failed job through `db`, the caller's connection (its transaction,
   * inside one); marks a running one cancelled (not retried, deleted once its run returns), and
   * the runner holding it aborts it: at once in this instance outside a transaction, else at
   * its next poll. False when no job has this id.
   */
  cancel(db: Kysely<any>, id: string): Promise<boolean>;
  /** Jobs due now (`runAt` reached) or running. */
  busy(): Promise<number>;
  /** Jobs waiting, due or not. */
  waiting(): Promise<number>;
  /** The counts per name, and up to `limit` jobs of each state. */
  overview(limit: number): Promise<JobsOverview>;
  /** Starts taking jobs and running schedules. */
  start(settings: WorkerSettings): Promise<void>;
  /** Takes a job just added in this process sooner than the next poll. */
  wake(): void;
  /** Stops taking jobs, waits up to `graceMs` for running ones, then releases the rest. */
  stop(graceMs: number): Promise<void>;
}
