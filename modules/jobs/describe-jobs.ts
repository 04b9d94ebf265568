import { type CompiledJobDescription, Jobs } from '../../src/jobs';
import type { ModuleHost } from '../../src/kernel';
import type { JobQueue } from './job-queue';

/**
 * The application's compiled jobs and schedules (name, `Class.method`, attempts, cron expression),
 * for tools that describe it; empty without the `jobs` module or before `ready()`.
 */
export function describeJobs(app: ModuleHost): CompiledJobDescription[] {
  if (!app.container.isBound(Jobs)) return [];
  return app.container.get<JobQueue>(Jobs).compiled?.describe() ?? [];
}
