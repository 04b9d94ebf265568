import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Application } from '../app/application';
import type { Middleware } from '../engine/engine';

/**
 * Serves the docs middleware on the Fastify engine as GET (and HEAD) routes at `paths` only:
 * through `app.use` it would run on every request of the app. What the middleware passes on
 * gets the usual 404, what it fails with the usual error answer.
 */
export function mountFastify(
  app: Application,
  paths: readonly string[],
  middleware: readonly Middleware[],
): void {
  const handler = (request: FastifyRequest, reply: FastifyReply) => {
    let index = 0;
    const next = (err?: unknown) => {
      if (err) reply.send(err);
      else if (index < middleware.length) middleware[index++](request.raw, reply.raw, next);
      else reply.callNotFound();
    };
    next();
  };
  for (const url of paths) app.fastify!.route({ method: 'GET', url, handler });
}
