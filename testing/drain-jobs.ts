import { DatabaseConnection } from '../modules/database/database-connection';
import type { JobQueue } from '../modules/jobs/job-queue';
import type { Application } from '../src/app/application';
import { Jobs } from '../src/jobs';
import type * as HeldGraphileJobs from './held-graphile-jobs';
import { holdsTestTransaction } from './holdable-databases';

const POLL_MS = 10;

/** What `drainJobs` takes. */
export interface DrainJobsOptions {
  /** Fails after this long with jobs still due or running (default 10000 ms). */
  timeoutMs?: number;
}

// Under a test's held transaction on PostgreSQL, the due jobs run here, inside it; on SQLite the
// worker shares the held connection and runs them itself.
function runHeldJobs(app: Application, queue: JobQueue): Promise<number> {
  const connection = app.container.get(DatabaseConnection);
  if (connection.dialect !== 'postgres' || !queue.runner || !holdsTestTransaction(app))
    return Promise.resolve(0);
  // Loaded by the tests that need it: Kysely and graphile-worker's tables, not the testing kit.
  const { runHeldGraphileJobs } = require('./held-graphile-jobs') as typeof HeldGraphileJobs;
  return runHeldGraphileJobs(connection.root, queue.runner);
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
    await runHeldJobs(app, queue);
    const busy = await queue.busy();
    if (busy === 0) return;
    if (Date.now() >= deadline)
      throw new Error(
        `drainJobs: ${busy} job(s) still due or running after ${options.timeoutMs ?? 10_000} ms`,
      );
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
