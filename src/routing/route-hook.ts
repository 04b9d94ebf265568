import type { RequestContext } from '../http/request-context';
import type { ResponseWriter } from '../http/response-writer';
import type { HookSite, Phase, PipelineHook } from '../kernel';
import type { ReaderTable } from './http-readers';

/** What a hook of each phase does in one route call. */
export interface RouteSteps {
  /**
   * Runs the rest of the call as `call(ctx)` and returns what it returns: an
   * `AsyncLocalStorage.run` gives everything the call starts, awaited or not, a store that ends
   * with it (one entered instead would stay on the connection for the next request).
   */
  onRequest: <T>(ctx: RequestContext, call: (ctx: RequestContext) => T) => T;
  /** A check after the route's declared guards: throw to refuse. */
  guard: (ctx: RequestContext) => void | Promise<void>;
  /** Reads what the request carries (a multipart body, to its sinks). */
  parse: (ctx: RequestContext) => void | Promise<void>;
  /** Around the handler: may answer itself (throw an HTTPException) or hand on to `next`. */
  preHandler: (ctx: RequestContext, next: () => unknown) => unknown;
  /**
   * Writes the handler's result itself (an event stream), or hands it on to `next`, which ends
   * with the JSON writer.
   */
  onSend: (
    ctx: RequestContext,
    result: unknown,
    writer: ResponseWriter,
    next: (result: unknown) => void,
  ) => void;
  /** Runs once the request is answered, or failed (`failed`: an error answer); removes temporary files. */
  onResponse: (ctx: RequestContext, failed: boolean) => void;
}

/** The phases a feature's hook can join: the handler phase is the route's own method. */
export type RouteHookPhase = Exclude<Phase, 'handler'>;

/** What one hook adds to one route, compiled once at `ready()`. */
export interface RouteHookPart<P extends RouteHookPhase = RouteHookPhase> {
  /** What it does in each call of the route; absent for a hook that only brings readers. */
  step?: RouteSteps[P];
  /** Readers of the parameter kinds the feature brings (`LastEventId`, `UploadedFile`). */
  readers?: ReaderTable;
  /** The call outlives its guards: authentication leaves the session in `ctx.session`. */
  longLived?: boolean;
}

/**
 * A named hook of the route pipeline (`app.pipeline.add(hook)`): asked once per route at
 * `ready()`, it returns its part, or `undefined` where it does not apply, so a route it does not
 * apply to pays nothing.
 */
export interface RouteHook<P extends RouteHookPhase = RouteHookPhase> extends PipelineHook<P> {
  /** What it adds to the calls of one route (`site.path`: its full path), or `undefined`. */
  compile(site: HookSite): RouteHookPart<P> | undefined;
}
