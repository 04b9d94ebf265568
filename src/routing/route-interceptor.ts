import type { Logger } from 'pino';
import type { RequestContext } from '../http/request-context';
import type { ResponseWriter } from '../http/response-writer';
import type { WrittenAnswer } from '../http/written-answer';
import {
  type CallContext,
  type GuardSite,
  type InterceptorRegistry,
  interceptorDefinitions,
  type MethodMetadata,
} from '../kernel';

/**
 * Wraps a route's handling after its guards, in the preHandler phase: it may answer itself
 * (through the site's writer, or by throwing an HTTPException) or hand on to `next` (arguments,
 * then the handler); `onAnswer` (answer-listeners.ts) tells it what was written.
 */
export type RouteInterceptor = (ctx: CallContext, next: () => unknown) => unknown;

/** Where a route interceptor is compiled: the route's site, its writer and its logger. */
export interface RouteInterceptorSite extends GuardSite {
  /** The writer a route interceptor's own answers go through. */
  writer: ResponseWriter;
  /**
   * The answer the route would write for a handler's `result`, without writing it (absent or
   * `undefined` when the route streams, or the handler answered through `Res()`).
   */
  render?(ctx: RequestContext, result: unknown): WrittenAnswer | undefined;
  /** The application's logger. */
  logger?: Logger;
}

declare module '../kernel/extension-points' {
  interface InterceptorParts {
    /** Wraps a route's handling after its guards (HTTP's preHandler phase). */
    route?(options: unknown, site: RouteInterceptorSite): RouteInterceptor;
  }
}

/** The route interceptors of a method, outermost first. */
export function compileRouteInterceptors(
  method: MethodMetadata,
  registry: InterceptorRegistry | undefined,
  site: RouteInterceptorSite,
): RouteInterceptor[] {
  return interceptorDefinitions(method, registry, site)
    .filter(([definition]) => definition.route)
    .map(([definition, interceptor]) => definition.route!(interceptor.options, site));
}
