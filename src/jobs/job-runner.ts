import type { Logger } from 'pino';
import type { AppMetrics } from '../metrics';
import type { Tracing } from '../tracing';
import type { CompiledJobs } from './compiled-jobs';
import type { JobContext } from './job-context';
import { UnknownJobError } from './jobs-errors';

/** A job a worker took: what it runs, and what links it to the request that enqueued it. */
export interface ClaimedJob extends Omit<JobContext, 'signal'> {
  readonly payload: unknown;
  /** The id of the request that enqueued it. */
  readonly requestId?: string;
  /** The span that was active when it was enqueued (`Tracing.activeSpanLink()`). */
  readonly spanLink?: string;
}

/** What a run reports to, each when the application has it on. */
export interface JobObservers {
  logger: Logger;
  metrics?: AppMetrics;
  tracing?: Tracing;
}

type Outcome = 'success' | 'failure' | 'cancelled';

/**
 * Runs the jobs a backend claims: the compiled task of the job's name, with a span linked to the
 * enqueuing request's, a log line carrying the job's and the request's ids, and its duration in
 * `trellis_jobs_run_seconds{job,outcome}` (whose count is the runs by name and outcome).
 * A run it is told to abort (`abort(id)`, a cancelled job) ends its signal and resolves, so
 * that the backend deletes the job instead of retrying it.
 */
export class JobRunner {
  private readonly observe?: (labels: { job: string; outcome: Outcome }, seconds: number) => void;
  private readonly running = new Map<string, AbortController>();

  constructor(
    private readonly compiled: CompiledJobs,
    private readonly observers: JobObservers,
  ) {
    this.observe = observers.metrics?.histogram('trellis_jobs_run_seconds', 'Job runs by name and outcome', [
      'job',
      'outcome',
    ]);
  }

  /** The ids of the jobs this runner runs now. */
  runningIds(): string[] {
    return [...this.running.keys()];
  }

  /** Aborts the run of job `id` through its signal; false when this runner does not run it. */
  abort(id: string): boolean {
    const controller = this.running.get(id);
    controller?.abort();
    return controller !== undefined;
  }

  /** Runs one claimed job; rejects with its failure, which the backend records, unless it was aborted. */
  async run(job: ClaimedJob): Promise<void> {
    const task = this.compiled.get(job.name);
    const started = performance.now();
    const { tracing, logger } = this.observers;
    const span = tracing?.startLinked(
      `job ${job.name}`,
      { 'job.id': job.id, 'job.name': job.name, 'job.attempt': job.attempt },
      job.spanLink,
    );
    const controller = new AbortController();
    this.running.set(job.id, controller);
    const context: JobContext = {
      id: job.id,
      name: job.name,
      attempt: job.attempt,
      maxAttempts: job.maxAttempts,
      signal: controller.signal,
    };
    const line = { jobId: job.id, job: job.name, attempt: job.attempt, reqId: job.requestId };
    try {
      // A job stored by another version of the application, whose handler is gone.
      if (!task) throw new UnknownJobError(job.name, this.compiled.jobNames());
      await (span ? span.run(() => task.run(job.payload, context)) : task.run(job.payload, context));
      span?.end();
      const ms = performance.now() - started;
      const outcome = controller.signal.aborted ? 'cancelled' : 'success';
      this.observe?.({ job: job.name, outcome }, ms / 1000);
      logger.info(
        { ...line, durationMs: Math.round(ms) },
        outcome === 'success' ? 'job done' : 'job cancelled',
      );
    } catch (err) {
      span?.end(err);
      const ms = performance.now() - started;
      if (controller.signal.aborted) {
        // Cancelled: however the run ended, it is over and not retried.
        this.observe?.({ job: job.name, outcome: 'cancelled' }, ms / 1000);
        logger.info({ ...line, durationMs: Math.round(ms) }, 'job cancelled');
        return;
      }
      this.observe?.({ job: job.name, outcome: 'failure' }, ms / 1000);
      const last = job.attempt >= job.maxAttempts;
      logger[last ? 'error' : 'warn'](
        { ...line, durationMs: Math.round(ms), err },
        last ? 'job failed: no attempts left' : 'job failed: it will be retried',
      );
      throw err;
    } finally {
      this.running.delete(job.id);
    }
  }
}
