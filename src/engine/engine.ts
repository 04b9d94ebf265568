import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { ErrorBodyWriter } from '../error-body/error-body-writer';
import type { ServedMethod } from '../http/http-methods';
import type { RequestContext } from '../http/request-context';
import type { RequestObserver } from '../observability/request-observer';
import type { CompiledRoute, ResponseWriter } from '../routing';

/** Connect-style middleware, accepted by `app.use` on either engine. */
export type Middleware = (req: any, res: any, next: (err?: unknown) => void) => void;

/** The engines Trellis can mount on. */
export type EngineName = 'express' | 'fastify';

/** What runs first on every request, before middleware and routes (404s and errors included). */
export interface RequestPolicy {
  /** Sets response headers; synchronous. */
  headers?: (req: IncomingMessage, res: ServerResponse) => void;
  /** Answers CORS preflights itself, passes every other request on. */
  cors?: Middleware;
}

/** The methods a mounted handler can serve. */
export type HandlerMethod = ServedMethod;

/**
 * Answers one request on Node's own request and response, its body left unread. `next()` passes
 * it on to the 404 answer, `next(err)` to the error answer of every route; `ctx` is the engine's
 * request context (native request and response, headers, cookies, path parameters), body unset.
 */
export type NodeHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (err?: unknown) => void,
  ctx: RequestContext,
) => void;

/** A handler served beside the compiled routes (GraphQL, the OpenAPI docs), at given paths and methods. */
export interface HandlerMount {
  /** Who serves it, named when a route takes one of its paths. */
  name: string;
  /** The methods it serves; GET brings HEAD with it, as on routes. */
  methods: readonly HandlerMethod[];
  /** Route syntax: `/graphql`, `/graphql/ide/:name`, `/docs/*file`. */
  paths: readonly string[];
  /** Answers the requests of those paths and methods. */
  handler: NodeHandler;
}

/**
 * On a listener that wraps an Express application (to observe each request first): the
 * application, which in-process injection must know to lend Express's prototypes.
 */
export const WRAPPED_EXPRESS_APP = Symbol('trellis.wrappedExpressApp');

/** What an engine is built from. */
export interface EngineOptions {
  bodyLimit: string;
  logger: Logger;
  /** Express's `trust proxy` setting (Fastify's `trustProxy`), checked by `resolveTrustProxy`. */
  trustProxy?: boolean | number | string[];
  /** Security headers and CORS, run before anything else. */
  policy?: RequestPolicy;
  /** The body of error answers outside routes (404, 405, middleware failures); default the reference one. */
  errorBody?: ErrorBodyWriter;
}

/**
 * The seam between Trellis and an HTTP engine. Compiled routes, guards, extraction, validation
 * and errors are engine-neutral; an engine only routes, parses bodies and writes responses.
 */
export interface Engine {
  /** The engine's name. */
  readonly name: EngineName;
  /** The underlying Express application or Fastify instance. */
  readonly native: unknown;
  /** How compiled routes write their answers on this engine. */
  readonly writer: ResponseWriter;
  /** Adds middleware, run before routes in the order added. */
  use(path: string | undefined, middleware: Middleware[]): void;
  /**
   * Serves `mount.handler` at its paths and methods, routed with the compiled routes by `mount()`
   * (before the 404): the request policy, the observer and trust proxy apply as on routes.
   */
  mountHandler(mount: HandlerMount): void;
  /**
   * Mounts the compiled routes, then the 404 and error answers; returns the request listener.
   * `observe`, when given, sees every request first, before any middleware.
   */
  mount(routes: readonly CompiledRoute[], observe?: RequestObserver): Promise<RequestListener>;
  /** The server to listen on, serving the mounted routes. */
  createServer(): Server;
  /** Releases what the engine holds. */
  close(): Promise<void>;
}
