import type { Class } from '../../src/kernel';

/** Options of `app.install('jobs', ...)`. */
export interface JobsOptions {
  /** The classes whose `Job()` and `Cron()` methods run the jobs, resolved from the container. */
  handlers: Class[];
  /** Jobs this instance runs at once (default 4). */
  concurrency?: number;
  /** False: this instance enqueues but runs no job and no schedule (default true). */
  worker?: boolean;
  /** How often the worker looks for due jobs another instance enqueued or a retry made due (default 1000 ms). */
  pollIntervalMs?: number;
  /**
   * How long a running job's claim holds unless renewed: the worker renews the claims of the jobs
   * it runs every third of it, and a claim not renewed for this long is taken for cut off (its
   * process died), its job run again. Default 30 s on SQLite; on PostgreSQL four hours,
   * graphile-worker's own lock, which its workers outside Trellis do not renew.
   */
  lockTimeoutMs?: number;
  /**
   * Milliseconds a run may take when its `Job()` names no `timeoutMs` (default none): past it,
   * its `JobContext.signal` aborts and the run counts as a failed attempt, retried as any other.
   */
  timeoutMs?: number;
}
