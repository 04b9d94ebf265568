import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestContext } from '../http/request-context';
import { requestIdOf } from '../observability/request-state';
import type { RouteExtension } from '../routing';

// The route running in this async context, so that a job enqueued from anywhere below it (a
// singleton service included) carries the id of the request that asked for it.
const current = new AsyncLocalStorage<RequestContext>();

/** A route extension that notes each route's request for the jobs it enqueues. */
export const enqueuingRequestExtension: RouteExtension = {
  // Run around the call, never entered: an entered store stays on the connection, where the next
  // request's middleware sees it (and it keeps this request alive as long as the socket).
  compile: () => ({ around: (ctx, call) => current.run(ctx, call, ctx) }),
};

/** The id of the request this code runs for, when it runs for one. */
export function enqueuingRequestId(): string | undefined {
  const ctx = current.getStore();
  return ctx === undefined ? undefined : requestIdOf(ctx);
}
