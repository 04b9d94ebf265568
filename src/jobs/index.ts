// The jobs transport's barrel: decorators, the Jobs token, the compiled jobs and the backends' seam.
export * from './compile-jobs';
export * from './compiled-jobs';
export * from './cron-schedule';
export * from './enqueue-options-problem';
export * from './enqueuing-request';
export * from './job-backend';
export * from './job-context';
export * from './job-decorators';
export * from './job-metadata';
export * from './job-payload-map';
export * from './job-runner';
export * from './jobs-board';
export * from './jobs-errors';
export * from './jobs-feature';
export * from './jobs-token';
export * from './retry-delay';
export * from './stored-payload';
