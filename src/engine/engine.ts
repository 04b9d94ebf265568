import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { RequestObserver } from '../observability/request-observer';
import type { CompiledRoute } from '../routing/compiled-route';
import type { ResponseWriter } from '../routing/response-writer';

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

/** What an engine is built from. */
export interface EngineOptions {
  bodyLimit: string;
  logger: Logger;
  /** Express's `trust proxy` setting (Fastify's `trustProxy`), checked by `resolveTrustProxy`. */
  trustProxy?: boolean | number | string[];
  /** Security headers and CORS, run before anything else. */
  policy?: RequestPolicy;
}

/**
 * The seam between Trellis and an HTTP engine. Compiled routes, guards, extraction, validation
 * and errors are engine-neutral; an engine only routes, parses bodies and writes responses.
 */
export interface Engine {
  readonly name: EngineName;
  /** The underlying Express application or Fastify instance. */
  readonly native: unknown;
  readonly writer: ResponseWriter;
  /** Adds middleware, run before routes in the order added. */
  use(path: string | undefined, middleware: Middleware[]): void;
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
