import type { RequestContext } from '../../src/http/request-context';
import { type CallContext, UnauthorizedException } from '../../src/kernel';
import { protocolToken } from '../../src/websocket';

// `<scheme> <token>`: the credentials of RFC 9110 section 11.4 with a token68, spaces as the
// existing clients send them.
const CREDENTIALS = /^([^\s]+) +([^\s]+) *$/;

/**
 * Reads the access token of `Authorization: <scheme> <token>` for the schemes the auth module
 * accepts (`Bearer` by default), compared case-insensitively as RFC 9110 says. Every path that
 * reads a token (routes, event streams, WebSocket upgrades, graphql-ws `connection_init`) reads it
 * here, so they accept the same headers.
 */
export class AuthorizationHeader {
  /** What 401 answers put in `WWW-Authenticate`: the first scheme configured. */
  readonly challenge: string;
  private readonly accepted: ReadonlySet<string>;

  constructor(
    schemes: readonly string[],
    private readonly malformedHeader: string,
  ) {
    this.challenge = schemes[0];
    this.accepted = new Set(schemes.map((scheme) => scheme.toLowerCase()));
  }

  /** The token of the call's `Authorization` header; undefined without one, 401 when it has another shape. */
  tokenOf(ctx: CallContext): string | undefined {
    const header = ctx.headers.authorization;
    if (!header) return undefined;
    const match = typeof header === 'string' ? CREDENTIALS.exec(header) : null;
    if (!match || !this.accepted.has(match[1].toLowerCase()))
      throw new UnauthorizedException(this.malformedHeader, {
        headers: { 'WWW-Authenticate': this.challenge },
      });
    return match[2];
  }

  /**
   * For WebSocket upgrades, where browsers cannot set headers: the `Authorization` header, else the
   * token offered after `bearer` in `Sec-WebSocket-Protocol`, else `?token=` (which proxies log).
   */
  upgradeTokenOf(ctx: CallContext): string | undefined {
    const fromHeader = this.tokenOf(ctx);
    if (fromHeader) return fromHeader;
    const protocols = ctx.headers['sec-websocket-protocol'];
    const fromProtocol = typeof protocols === 'string' ? protocolToken(protocols) : undefined;
    if (fromProtocol) return fromProtocol;
    // Only upgrades read this way, and an upgrade's context is its HTTP request's.
    const fromQuery = (ctx as RequestContext).query.token;
    return typeof fromQuery === 'string' && fromQuery.length > 0 ? fromQuery : undefined;
  }
}
