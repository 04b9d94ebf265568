import type { IncomingHttpHeaders } from 'node:http';
import type { CallContext } from '../kernel';

/**
 * One HTTP request as every engine presents it to the compiled route (and a WebSocket upgrade
 * to its gateway's guards): the call context plus what HTTP carries. Extractors and the response
 * writer read only this, so they work the same on Express and Fastify.
 */
export interface RequestContext extends CallContext {
  /** The engine's native request (Express `req`, Fastify `request`, the upgrade request). */
  readonly req: any;
  /** The engine's native response (Express `res`, Fastify `reply`); absent on upgrades. */
  readonly res: any;
  /** The HTTP method, upper case. */
  readonly method: string;
  /** The request's headers, lower-cased. */
  readonly headers: IncomingHttpHeaders;
  /** The path parameters, by name (text). */
  readonly params: Record<string, string>;
  /** The query string, parsed (values are text, or lists of text). */
  readonly query: Record<string, unknown>;
  /** The cookies, by name. */
  readonly cookies: Record<string, string | undefined>;
  /** The parsed JSON body (undefined without one). */
  body: unknown;
  /** Headers the handler set for its success answer through `ResponseHeaders()`. */
  responseHeaders?: Record<string, string>;
  /** Headers every answer of the route carries, errors included: a deprecated route's `Deprecation`, `Sunset`, `Link`. */
  answerHeaders?: Record<string, string>;
}
