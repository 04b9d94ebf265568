export { describeJobs } from './describe-jobs';
export { JobQueue } from './job-queue';
export { jobsModule } from './jobs-module';
export type { JobsOptions } from './jobs-options';
