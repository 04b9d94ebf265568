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
   * How long a running job's lock holds: past it the job is taken for cut off (its process
   * died) and runs again. Default four hours, graphile-worker's; a job running longer may run twice.
   */
  lockTimeoutMs?: number;
}
