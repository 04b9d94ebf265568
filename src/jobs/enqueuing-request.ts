import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestContext } from '../http/request-context';
import { requestIdOf } from '../observability/request-state';
import type { RouteHook } from '../routing';
import { Jobs } from './jobs-token';

// The route running in this async context, so that a job enqueued from anywhere below it (a
// singleton service included) carries the id of the request that asked for it.
const current = new AsyncLocalStorage<RequestContext>();

/** The onRequest hook that notes each route's request for the jobs it enqueues. */
export const enqueuingRequestHook: RouteHook<'onRequest'> = {
  name: 'job request context',
  phase: 'onRequest',
  // Inside the request's span, so that a job's span links to the request's.
  after: ['observability'],
  // Run around the call, never entered: an entered store stays on the connection, where the next
  // request's middleware sees it (and it keeps this request alive as long as the socket).
  // Only where a module stores jobs: an application without one pays nothing for it.
  compile: ({ container }) =>
    container.isBound(Jobs) ? { step: (ctx, call) => current.run(ctx, call, ctx) } : undefined,
};

/** The id of the request this code runs for, when it runs for one. */
export function enqueuingRequestId(): string | undefined {
  const ctx = current.getStore();
  return ctx === undefined ? undefined : requestIdOf(ctx);
}
