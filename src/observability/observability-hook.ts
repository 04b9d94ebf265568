import type { RouteHook } from '../routing';
import { nodeRequestOf, runObserved } from './request-state';

/**
 * The outermost onRequest hook: the route notes its template and context on the request, for
 * logs, metrics and spans, and runs with its request's span active when traced. `observing`
 * says, at `ready()`, whether any observer is on; when none is, routes pay nothing.
 */
export function observabilityHook(observing: () => boolean): RouteHook<'onRequest'> {
  return {
    name: 'observability',
    phase: 'onRequest',
    compile: ({ path }) =>
      observing()
        ? { step: (ctx, call) => runObserved(nodeRequestOf(ctx), path, ctx, call, ctx) }
        : undefined,
  };
}
