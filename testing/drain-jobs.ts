import type { JobQueue } from '../modules/jobs/job-queue';
import type { Application } from '../src/app/application';
import { Jobs } from '../src/jobs';

const POLL_MS = 10;

/** What `drainJobs` takes. */
export interface DrainJobsOptions {
  /** Fails after this long with jobs still due or running (default 10000 ms). */
  timeoutMs?: number;
}

/**
 * Resolves once no job is waiting (its `runAt` now or earlier) or running, starting the app
 * (its workers included) first; rejects when jobs are still due or running after `timeoutMs`. Under a test's held
 * transaction (`rollbackEachTest`) on PostgreSQL it runs the due jobs itself, inside it.
 * @example await app.inject({ method: 'POST', url: '/users', body }); await drainJobs(app);
 */
export async function drainJobs(app: Application, options: DrainJobsOptions = {}): Promise<void> {
  await app.start();
  const queue = app.container.get<JobQueue>(Jobs);
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    await queue.runHeld();
    const busy = await queue.busy();
    if (busy === 0) return;
    if (Date.now() >= deadline)
      throw new Error(
        `drainJobs: ${busy} job(s) still due or running after ${options.timeoutMs ?? 10_000} ms`,
      );
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
