import type { IncomingMessage } from 'node:http';
import type { NodeHandler } from '../engine/engine';
import type { RequestContext } from '../http/request-context';

/** Where RFC 9728 puts a protected resource's metadata. */
export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource';

/** The origin a request was made to, as the engine sees it (`trustProxy` decides whether `X-Forwarded-*` count). */
export function requestOrigin(ctx: Pick<RequestContext, 'req'>, req: IncomingMessage): string {
  const native = ctx.req as { protocol?: string; host?: string } | undefined;
  const protocol =
    native?.protocol ?? ((req.socket as { encrypted?: boolean } | undefined)?.encrypted ? 'https' : 'http');
  const host = native?.host ?? req.headers.host ?? 'localhost';
  return `${protocol}://${host}`;
}

/** The URL of the metadata of the MCP endpoint at `path`, from a request made to it. */
export function resourceMetadataUrl(origin: string, path: string): string {
  return `${origin}${PROTECTED_RESOURCE_PATH}${path === '/' ? '' : path}`;
}

/**
 * The RFC 9728 metadata of the MCP endpoint at `path`: what it is, which authorization servers
 * issue its tokens, and that a token goes in the `Authorization` header.
 */
export function protectedResourceHandler(
  path: string,
  name: string,
  authorizationServers: readonly string[],
): NodeHandler {
  return (req, res, _next, ctx) => {
    const origin = requestOrigin(ctx, req);
    const metadata = {
      resource: `${origin}${path}`,
      ...(authorizationServers.length > 0 && { authorization_servers: authorizationServers }),
      bearer_methods_supported: ['header'],
      resource_name: name,
    };
    const body = JSON.stringify(metadata);
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
