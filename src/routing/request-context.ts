import type { IncomingHttpHeaders } from 'node:http';
import type { RequestScope } from '../../container/request-scope';

/** The authenticated caller, as `CurrentUser()` gives it. */
export interface AuthenticatedUser {
  /** The user id, with the type the user provider gave it. */
  id: string | number;
  /** The name the caller logs in with. */
  username: string;
  /** The e-mail address, when the user provider has one. */
  email?: string;
  /** The role, which rbac ranks by level. */
  role: string;
  /** What the caller may do besides what the role allows. */
  permissions: string[];
}

/** The session a WebSocket caller's token belongs to, set by the authentication guard on upgrades. */
export interface ConnectionSession {
  /** The session id (`sid` of its tokens). */
  id: string;
  /** Whose session it is. */
  userId: string | number;
  /** When the token expires, in milliseconds since the epoch. */
  expiresAt: number;
}

/**
 * One request as every engine presents it to the compiled route: guards, extractors and the
 * response writer read only this, so they work the same on Express, Fastify, ws and GraphQL.
 */
export interface RequestContext {
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
  /** Set by the authentication guard. */
  user?: AuthenticatedUser;
  /** Set by the authentication guard on WebSocket upgrades: the connection closes when it ends. */
  session?: ConnectionSession;
  /** Data guards leave for later steps (the verified token claims, for instance). */
  state?: Record<string, unknown>;
  /** Headers the handler set for its success answer through `ResponseHeaders()`. */
  responseHeaders?: Record<string, string>;
  /** Headers every answer of the route carries, errors included: a deprecated route's `Deprecation`, `Sunset`, `Link`. */
  answerHeaders?: Record<string, string>;
  /** Request-scoped instances, created on first use. */
  scope?: RequestScope;
}
