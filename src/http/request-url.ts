import type { RequestContext } from './request-context';

/**
 * The URL a request was sent to (path and query string) as the client wrote it. Express's
 * `originalUrl` survives mounting under a path; Fastify's request and an upgrade request keep the
 * whole URL in `url`.
 */
export function requestUrl(ctx: Pick<RequestContext, 'req'>): string | undefined {
  const req = ctx.req as { originalUrl?: string; url?: string } | undefined;
  return req?.originalUrl ?? req?.url;
}
