import type { IncomingMessage } from 'node:http';
import type { RequestContext } from '../http/request-context';
import { upgradeContext } from '../websocket';

/**
 * The `RequestContext` of one operation over graphql-ws: the upgrade request, with the
 * `authorization` of the `connection_init` payload as its Authorization header (a browser
 * cannot set headers on a WebSocket), so guards read the token as they do over HTTP.
 */
export function subscriptionContext(req: IncomingMessage, connectionParams: unknown): RequestContext {
  const ctx: RequestContext = { ...upgradeContext(req, {}), transport: 'graphql' };
  const authorization = (connectionParams as { authorization?: unknown } | undefined)?.authorization;
  if (typeof authorization !== 'string') return ctx;
  return { ...ctx, headers: { ...ctx.headers, authorization } };
}
