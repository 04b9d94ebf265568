import type { ModuleHost, TrellisFeature } from '../kernel';
import { enqueuingRequestHook } from './enqueuing-request';

/**
 * Jobs as a transport: what every application has of them, whether or not a module stores and
 * runs them. A route's request context for the jobs it enqueues is kept from here (the hook
 * applies once a module binds `Jobs`, as `install('jobs')` does); the store, the workers and the
 * schedules are the jobs module's.
 */
export const jobsFeature: TrellisFeature<undefined> = {
  name: 'job-calls',
  install(app: ModuleHost) {
    app.pipeline.add(enqueuingRequestHook);
  },
};
