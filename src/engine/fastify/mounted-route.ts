import type { RouteOptions } from 'fastify';
import type { Logger } from 'pino';
import type { ErrorBodyWriter } from '../../error-body/error-body-writer';
import { writeError } from '../../routing';
import type { HandlerRoute } from '../handler-routes';
import { FastifyContext } from './fastify-context';
import { replyWriter } from './reply-writer';

/**
 * A mounted handler as a Fastify route: it answers on the raw request and response, what it
 * passes on gets the usual 404 (the not-found handler of the routes' scope), what it fails with
 * the usual error answer.
 */
export function mountedRoute(
  { methods, path, handler }: HandlerRoute,
  logger: Logger,
  errorBody?: ErrorBodyWriter,
): RouteOptions {
  return {
    method: methods,
    url: path,
    handler(request, reply) {
      const ctx = new FastifyContext(request, reply, request.params as Record<string, string>);
      handler(
        request.raw,
        reply.raw,
        (err) => {
          if (err) writeError(replyWriter, ctx, err, logger, errorBody);
          else reply.callNotFound();
        },
        ctx,
      );
    },
  };
}
