import type { IncomingHttpHeaders } from 'node:http';
import type { RequestScope } from '../../container/request-scope';

/** The authenticated caller, as `CurrentUser()` gives it. */
export interface AuthenticatedUser {
  id: string | number;
  username: string;
  email?: string;
  role: string;
  permissions: string[];
}

/** The session a WebSocket caller's token belongs to, set by the authentication guard on upgrades. */
export interface ConnectionSession {
  id: string;
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
  readonly method: string;
  readonly headers: IncomingHttpHeaders;
  readonly params: Record<string, string>;
  readonly query: Record<string, unknown>;
  readonly cookies: Record<string, string | undefined>;
  body: unknown;
  /** Set by the authentication guard. */
  user?: AuthenticatedUser;
  /** Set by the authentication guard on WebSocket upgrades: the connection closes when it ends. */
  session?: ConnectionSession;
  /** Data guards leave for later steps (the verified token claims, for instance). */
  state?: Record<string, unknown>;
  /** Headers the handler set for its success answer through `ResponseHeaders()`. */
  responseHeaders?: Record<string, string>;
  /** Request-scoped instances, created on first use. */
  scope?: RequestScope;
}
