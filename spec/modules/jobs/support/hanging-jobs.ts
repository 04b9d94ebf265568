import pino, { type Logger } from 'pino';
import { z } from 'zod';
import { createApp, Injectable, Job, type JobContext } from '../../../../index';
import type { Application } from '../../../../src/app/application';

/** A run of one of these jobs: how it began, and the reason its signal gave when aborted. */
export interface HangingRun {
  name: string;
  id: string;
  attempt: number;
  reason?: unknown;
}

/** The runs of these jobs in this process, in the order they began. */
export const hangingRuns: HangingRun[] = [];
/** The `n` of each `quick` job that finished. */
export const quickDone: number[] = [];

let release: () => void = () => {};
let released = new Promise<void>((resolve) => {
  release = resolve;
});

/** Lets every `stubborn` run still waiting end, and makes the next ones wait again. */
export function releaseStubborn(): void {
  release();
  released = new Promise<void>((resolve) => {
    release = resolve;
  });
}

function begin(job: JobContext): HangingRun {
  const run: HangingRun = { name: job.name, id: job.id, attempt: job.attempt };
  hangingRuns.push(run);
  return run;
}

// Ends once its signal aborts, with the signal's reason, as a fetch() given the signal would.
function untilAborted(job: JobContext, run: HangingRun): Promise<void> {
  return new Promise((_resolve, reject) => {
    job.signal.addEventListener(
      'abort',
      () => {
        run.reason = job.signal.reason;
        reject(job.signal.reason);
      },
      { once: true },
    );
  });
}

/** Jobs that hang, end on their timeout, or finish at once. */
@Injectable()
export class HangingJobs {
  /** Never returns, and ignores its signal: a handler stuck on a call with no timeout. */
  @Job('hang', z.object({}), { maxAttempts: 3 })
  hang(_payload: object, job: JobContext): Promise<void> {
    begin(job);
    return new Promise(() => {});
  }

  @Job('quick', z.object({ n: z.number() }))
  quick(payload: { n: number }) {
    quickDone.push(payload.n);
  }

  /** Runs until its signal aborts it, past its own 200 ms timeout. */
  @Job('slow', z.object({}), { maxAttempts: 2, timeoutMs: 200 })
  slow(_payload: object, job: JobContext): Promise<void> {
    return untilAborted(job, begin(job));
  }

  /** No timeout of its own: the module's default bounds it. */
  @Job('bounded', z.object({}), { maxAttempts: 2 })
  bounded(_payload: object, job: JobContext): Promise<void> {
    return untilAborted(job, begin(job));
  }

  /** A 5 s timeout of its own, above the module's default: it finishes after 400 ms. */
  @Job('patient', z.object({}), { timeoutMs: 5000 })
  async patient(_payload: object, job: JobContext): Promise<void> {
    const run = begin(job);
    await new Promise((resolve) => setTimeout(resolve, 400));
    if (job.signal.aborted) run.reason = job.signal.reason;
  }

  /** Ignores its signal past its 200 ms timeout, and returns only when the spec releases it. */
  @Job('stubborn', z.object({}), { maxAttempts: 2, timeoutMs: 200 })
  async stubborn(_payload: object, job: JobContext): Promise<void> {
    const run = begin(job);
    job.signal.addEventListener('abort', () => {
      run.reason = job.signal.reason;
    });
    await released;
  }
}

/** An app on `url` running these jobs, with the given jobs options. */
export function hangingApp(
  url: string,
  options: {
    concurrency?: number;
    lockTimeoutMs?: number;
    timeoutMs?: number;
    metrics?: boolean;
    logger?: Logger;
  } = {},
): Application {
  const { metrics, logger, ...jobs } = options;
  // A run that never ends holds close() for the shutdown grace: 500 ms, not the default 10 s.
  return createApp({ logger: logger ?? pino({ level: 'silent' }), metrics, shutdownTimeoutMs: 500 })
    .install('database', { url })
    .install('jobs', { handlers: [HangingJobs], pollIntervalMs: 50, ...jobs });
}

/** Waits for `check` to hold, polling, up to `ms`. */
