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
  /** Data guards leave for later steps (the verified token claims, for instance). */
  state?: Record<string, unknown>;
  /** Request-scoped instances, created on first use. */
  scope?: RequestScope;
}
