import { type CallContext, UnauthorizedException } from '../../src/kernel';
import type { RequestContext } from '../../src/routing';
import { protocolToken } from '../../src/websocket';

/** Reads the token a request presents; undefined when it presents none. */
export type TokenReader = (ctx: CallContext, malformedHeader: string) => string | undefined;

const BEARER = /^Bearer +([^\s]+) *$/i;

/**
 * The token of an `Authorization: Bearer <token>` header; 401 with `malformedHeader` when the
 * header has another shape.
 */
export const bearerToken: TokenReader = (ctx, malformedHeader) => {
  const header = ctx.headers.authorization;
  if (!header) return undefined;
  const match = typeof header === 'string' ? BEARER.exec(header) : null;
  if (!match)
    throw new UnauthorizedException(malformedHeader, {
      headers: { 'WWW-Authenticate': 'Bearer' },
    });
  return match[1];
};

/**
 * For WebSocket upgrades, where browsers cannot set headers: the `Authorization` header, else the
 * token offered after `bearer` in `Sec-WebSocket-Protocol`, else `?token=` (which proxies log).
 */
export const bearerOrQueryToken: TokenReader = (ctx, malformedHeader) => {
  const fromHeader = bearerToken(ctx, malformedHeader);
  if (fromHeader) return fromHeader;
  const protocols = ctx.headers['sec-websocket-protocol'];
  const fromProtocol = typeof protocols === 'string' ? protocolToken(protocols) : undefined;
  if (fromProtocol) return fromProtocol;
  // Only upgrades read this way, and an upgrade's context is its HTTP request's.
  const fromQuery = (ctx as RequestContext).query.token;
  return typeof fromQuery === 'string' && fromQuery.length > 0 ? fromQuery : undefined;
};
