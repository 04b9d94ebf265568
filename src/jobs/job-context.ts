import type { CallContext } from '../kernel';

/** The job a run is for, given to a `Job()` method after its payload. */
export interface JobContext {
  /** The job's id, as `enqueue` answered it. */
  readonly id: string;
  /** The job's name (a schedule's name for a scheduled run). */
  readonly name: string;
  /** This run's number, from 1. */
  readonly attempt: number;
  /** Runs before the job is kept as failed. */
  readonly maxAttempts: number;
  /**
   * Aborted when `jobs.cancel(id)` cancels this job, or when the run goes past its `timeoutMs`
   * (its reason then a `TRELLIS_ERR_JOB_TIMEOUT` error): stop the work (pass it to `fetch`, ...).
   */
  readonly signal: AbortSignal;
}

/** One run of a job as the kernel sees it: a call context, plus the job and its payload. */
export interface JobCallContext extends CallContext {
  readonly job: JobContext;
  readonly payload: unknown;
}
