import type { Logger } from 'pino';
import type { AppMetrics } from '../metrics';
import type { Tracing } from '../tracing';
import type { CompiledJobs } from './compiled-jobs';
import type { JobContext } from './job-context';
import { JobTimeoutError, UnknownJobError } from './jobs-errors';

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

type Outcome = 'success' | 'failure' | 'cancelled' | 'timeout';

// A run this runner started: its signal, and what a refused later attempt names.
interface RunningJob {
  controller: AbortController;
  attempt: number;
  timeoutMs?: number;
}

/**
 * Runs the jobs a backend claims: the compiled task of the job's name, with a span linked to the
 * enqueuing request's, a log line carrying the job's and the request's ids, and its duration in
 * `trellis_jobs_run_seconds{job,outcome}` (whose count is the runs by name and outcome).
 * A run it is told to abort (`abort(id)`, a cancelled job) ends its signal and resolves, so
 * that the backend deletes the job instead of retrying it. A run past its timeout (the job's
 * `timeoutMs`, else `defaultTimeoutMs`) has its signal aborted and rejects at once, whether or
 * not its handler stops, so that its slot is free again; while such a handler still runs, an
 * attempt of the same job is refused here, not run beside it.
 */
export class JobRunner {
  private readonly observe?: (labels: { job: string; outcome: Outcome }, seconds: number) => void;
  private readonly running = new Map<string, RunningJob>();

  constructor(
    private readonly compiled: CompiledJobs,
    private readonly observers: JobObservers,
    private readonly defaultTimeoutMs?: number,
  ) {
    this.observe = observers.metrics?.histogram('trellis_jobs_run_seconds', 'Job runs by name and outcome', [
      'job',
      'outcome',
    ]);
  }

  /** The ids of the jobs this runner runs now (a handler running past its timeout included). */
  runningIds(): string[] {
    return [...this.running.keys()];
  }

  /** Aborts the run of job `id` through its signal; false when this runner does not run it. */
  abort(id: string): boolean {
    const running = this.running.get(id);
    running?.controller.abort();
    return running !== undefined;
  }

  /** Runs one claimed job; rejects with its failure, which the backend records, unless it was aborted. */
  async run(job: ClaimedJob): Promise<void> {
    const started = performance.now();
    const line = { jobId: job.id, job: job.name, attempt: job.attempt, reqId: job.requestId };
    const last = job.attempt >= job.maxAttempts;
    const report = (outcome: Outcome, err?: unknown) => {
      const ms = performance.now() - started;
      this.observe?.({ job: job.name, outcome }, ms / 1000);
      const fields = { ...line, durationMs: Math.round(ms), ...(err !== undefined && { err }) };
      if (outcome === 'success') this.observers.logger.info(fields, 'job done');
      else if (outcome === 'cancelled') this.observers.logger.info(fields, 'job cancelled');
      else
        this.observers.logger[last ? 'error' : 'warn'](
          fields,
          `job ${outcome === 'timeout' ? 'timed out' : 'failed'}: ${last ? 'no attempts left' : 'it will be retried'}`,
        );
    };
    const previous = this.running.get(job.id);
    if (previous) {
      const refused = new JobTimeoutError(job.name, previous.timeoutMs, previous.attempt);
      report('failure', refused);
      throw refused;
    }
    const task = this.compiled.get(job.name);
    const timeoutMs = task?.timeoutMs ?? this.defaultTimeoutMs;
    const span = this.observers.tracing?.startLinked(
      `job ${job.name}`,
      { 'job.id': job.id, 'job.name': job.name, 'job.attempt': job.attempt },
      job.spanLink,
    );
    const controller = new AbortController();
    const entry: RunningJob = { controller, attempt: job.attempt, timeoutMs };
    this.running.set(job.id, entry);
    const forget = () => {
      if (this.running.get(job.id) === entry) this.running.delete(job.id);
    };
    const context: JobContext = {
      id: job.id,
      name: job.name,
      attempt: job.attempt,
      maxAttempts: job.maxAttempts,
      signal: controller.signal,
    };
    let ran: Promise<void> | undefined;
    try {
      // A job stored by another version of the application, whose handler is gone.
      if (!task) throw new UnknownJobError(job.name, this.compiled.jobNames());
      ran = span ? span.run(() => task.run(job.payload, context)) : task.run(job.payload, context);
      // Kept among the running ones until the handler returns, even past its timeout.
      ran.then(forget, forget);
      await (timeoutMs === undefined ? ran : endedWithin(ran, timeoutMs, controller, job.name));
      span?.end();
      report(controller.signal.aborted ? 'cancelled' : 'success');
    } catch (err) {
      if (!ran) forget();
      span?.end(err);
      const reason: unknown = controller.signal.reason;
      if (controller.signal.aborted && !(reason instanceof JobTimeoutError)) {
        // Cancelled: however the run ended, it is over and not retried.
        report('cancelled');
        return;
      }
      report(controller.signal.aborted ? 'timeout' : 'failure', err);
      throw controller.signal.aborted ? reason : err;
    }
  }
}

// The run, or its timeout: then its signal aborts with a JobTimeoutError, which rejects at
// once; a run already cancelled resolves instead (it is over, and not retried).
async function endedWithin(
  ran: Promise<void>,
  timeoutMs: number,
  controller: AbortController,
  name: string,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<void>((resolve, reject) => {
    timer = setTimeout(() => {
      if (controller.signal.aborted) return resolve();
      const err = new JobTimeoutError(name, timeoutMs);
      controller.abort(err);
      reject(err);
    }, timeoutMs);
  });
  try {
    await Promise.race([ran, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
