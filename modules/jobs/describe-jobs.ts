import type { Application } from '../../src/app/application';
import { type JobDescription, Jobs } from '../../src/jobs';
import type { JobQueue } from './job-queue';

/**
 * The application's compiled jobs and schedules (name, `Class.method`, attempts, cron expression),
 * for tools that describe it; empty without the `jobs` module or before `ready()`.
 */
export function describeJobs(app: Application): JobDescription[] {
  if (!app.container.isBound(Jobs)) return [];
  return app.container.get<JobQueue>(Jobs).compiled?.describe() ?? [];
}
