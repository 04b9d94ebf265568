import type { AppContainer } from '../../container/app-container';
import type { MethodMetadata } from '../kernel/metadata/types';
import type { ReaderTable } from './http-readers';
import type { RequestContext } from './request-context';
import type { ResponseWriter } from './response-writer';

/** What a feature adds to one route, compiled once at `ready()`. */
export interface RoutePart {
  /** Readers of the parameter kinds the feature brings (`LastEventId`, `UploadedFile`). */
  readers?: ReaderTable;
  /** The call outlives its guards: authentication leaves the session in `ctx.session`. */
  longLived?: boolean;
  /** Runs after the guards, before the route's interceptors and its arguments (reads a multipart body). */
  prepare?: (ctx: RequestContext) => void | Promise<void>;
  /** Answers with the handler's result instead of the JSON writer (an event stream). */
  answer?: (ctx: RequestContext, result: unknown, writer: ResponseWriter) => void;
  /** Runs once the request is answered or failed (`failed`: an error answer); removes temporary files. */
  release?: (ctx: RequestContext, failed: boolean) => void;
  /**
   * Runs the whole call as `call(ctx)` (guards, prepare, interceptors, handler, answer) and returns
   * what it returns: an `AsyncLocalStorage.run` gives what the call starts, awaited or not, a store
   * that ends with it, where one entered would stay on the connection for the next request.
   */
  around?: <T>(ctx: RequestContext, call: (ctx: RequestContext) => T) => T;
}

/**
 * How a feature outside the core (server-sent events, uploads) plugs into routes: asked once per
 * route at `ready()`, it returns its part, or `undefined` where it does not apply.
 */
export interface RouteExtension {
  /** `where` names the route (`Class.method`) for errors; `container` resolves settings once. */
  compile(handler: MethodMetadata, where: string, container: AppContainer): RoutePart | undefined;
}
