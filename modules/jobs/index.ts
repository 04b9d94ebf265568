export { describeJobs } from './describe-jobs';
export { jobsModule } from './jobs-module';
export type { JobsOptions } from './jobs-options';
