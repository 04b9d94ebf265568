// The testing kit: in-process requests are `app.inject`; these help set up and tear down.
export { asUser, type TestUser } from './as-user';
export { type DrainJobsOptions, drainJobs } from './drain-jobs';
export { overrideGuard } from './override-guard';
export { quietLogs, type TestHookContext } from './quiet-logs';
export { closeTestApps, createTestApp } from './test-apps';
export { createTestDatabase, dropTestDatabases } from './test-database';
export { beginTestTransaction, rollbackEachTest } from './test-transactions';
