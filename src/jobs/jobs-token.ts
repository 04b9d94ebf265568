import type { JobPayloadMap } from './job-payload-map';

/** The payload a job of this name takes: declared in `JobPayloadMap`, `unknown` otherwise. */
export type JobPayload<N extends string> = N extends keyof JobPayloadMap ? JobPayloadMap[N] : unknown;

/** When and how a job is enqueued. */
export interface EnqueueOptions {
  /** Not before this moment. */
  runAt?: Date;
  /** Not before this many milliseconds from now. */
  delayMs?: number;
  /** At most one waiting job per key: enqueueing the same key again updates that job. */
  key?: string;
  /** Runs before the job is kept as failed (default: the job's own, else 5). */
  maxAttempts?: number;
  /** Lower runs first among due jobs, an integer from -32768 to 32767 (default 0). */
  priority?: number;
}

/** A job while it waits, runs or has failed. */
export interface JobInfo {
  id: string;
  name: string;
  payload: unknown;
  state: 'waiting' | 'running' | 'failed';
  /** Runs started so far. */
  attempts: number;
  maxAttempts: number;
  /** The message of the last run's error. */
  lastError?: string;
  /** Not before this moment. */
  runAt: Date;
  /** Lower runs first. */
  priority: number;
}

/**
 * The jobs of the application (`install('jobs')`): enqueue inside a `Transactional()` call and
 * the job belongs to that transaction.
 * @example constructor(@Inject(Jobs) private readonly jobs: Jobs) {}
 */
export interface Jobs {
  /** Stores a job (validated by its schema); resolves to its id. */
  enqueue<N extends string>(
    name: N,
    payload: JobPayload<N>,
    options?: EnqueueOptions,
  ): Promise<{ id: string }>;
  /** The job while it waits, runs or has failed; null once done (or unknown). */
  get(id: string): Promise<JobInfo | null>;
  /** The jobs that used up their attempts. */
  failed(): Promise<JobInfo[]>;
  /** Queues a failed job again with fresh attempts; false when no failed job has this id. */
  retry(id: string): Promise<boolean>;
  /**
   * Removes a waiting or failed job, or aborts a running one through its `JobContext.signal`
   * (not retried, removed once its run returns); false when no job has this id.
   */
  cancel(id: string): Promise<boolean>;
}

/** The container token of the `Jobs` the `jobs` module binds. */
export const Jobs: unique symbol = Symbol.for('trellis.jobs');
