import { UnauthorizedException } from '../../src/kernel';
import type { RequestContext } from '../../src/routing';
import { protocolToken } from '../../src/websocket';

/** Reads the token a request presents; undefined when it presents none. */
export type TokenReader = (ctx: RequestContext, malformedHeader: string) => string | undefined;

const BEARER = /^Bearer +([^\s]+) *$/i;

/**
 * The token of an `Authorization: Bearer <token>` header; 401 with `malformedHeader` when the
 * header has another shape.
 */
export const bearerToken: TokenReader = (ctx, malformedHeader) => {
  const header = ctx.headers.authorization;
  if (!header) return undefined;
  const match = BEARER.exec(header);
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
  const fromProtocol = protocolToken(ctx.headers['sec-websocket-protocol']);
  if (fromProtocol) return fromProtocol;
  const fromQuery = ctx.query.token;
  return typeof fromQuery === 'string' && fromQuery.length > 0 ? fromQuery : undefined;
};
