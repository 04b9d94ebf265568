import pino from 'pino';
import { z } from 'zod';
import { createApp, Injectable, Job, type JobContext } from '../../../../index';
import type { Application } from '../../../../src/app/application';
import { SpecJobs } from './job-fixtures';

/** A run of the `long` job: whether its signal aborted it. */
export interface LongRun {
  id: string;
  attempt: number;
  aborted: boolean;
}

/** The runs of the `long` job in this process; each start and abort is also sent to a parent process. */
export const longRuns: LongRun[] = [];

/** A job that runs until its signal aborts it. */
@Injectable()
export class LongJobs {
  // Throws the signal's reason once aborted, as a fetch() given the signal would.
  @Job('long', z.object({}), { maxAttempts: 3 })
  async long(_payload: object, job: JobContext) {
    const run: LongRun = { id: job.id, attempt: job.attempt, aborted: false };
    longRuns.push(run);
    process.send?.({ started: run });
    await new Promise((_resolve, reject) => {
      job.signal.addEventListener(
        'abort',
        () => {
          run.aborted = true;
          process.send?.({ aborted: run });
          reject(job.signal.reason);
        },
        { once: true },
      );
    });
  }
}

/** An app on `url` with the spec's jobs and the `long` one, and `extra` providers. */
export function cancelApp(url: string, worker = true, extra: Function[] = []): Application {
  // A run the signal does not end would hold close() for this long, not the default 10 s.
  return createApp({ logger: pino({ level: 'silent' }), shutdownTimeoutMs: 1000 })
    .install('database', { url })
    .install('jobs', { handlers: [SpecJobs, LongJobs], worker, pollIntervalMs: 50 })
    .register(...(extra as never[]));
}
