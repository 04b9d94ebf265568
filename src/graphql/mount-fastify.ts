import type { ApolloServer } from '@apollo/server';
import { fastifyApolloHandler } from '@as-integrations/fastify';
import type { FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { Application } from '../app/application';
import { FastifyContext } from '../engine/fastify/fastify-context';
import { leaveBodiesUnread } from '../engine/fastify/leave-bodies-unread';
import { replyWriter } from '../engine/fastify/reply-writer';
import { jsonBodyReader } from '../engine/json-body-reader';
import type { RequestContext } from '../routing/request-context';
import { writeError } from '../routing/write-response';

// Every verb reaches Apollo, as through Express's use(): it answers 405 to the ones it refuses.
const METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

/**
 * Serves the Apollo server at `path` on the Fastify engine, as a Fastify route: the JSON body is
 * read as on routes (malformed 400, too large 413, not JSON 415), and each GraphQL request gets a
 * `RequestContext` with its own request scope.
 */
export function mountFastify(app: Application, server: ApolloServer<RequestContext>, path: string): void {
  const readBody = jsonBodyReader(app.options.bodyLimit ?? '100kb');
  const execute = fastifyApolloHandler(server, {
    context: async (request, reply) => {
      const ctx = new FastifyContext(request, reply, {});
      ctx.body = request.body;
      return ctx;
    },
  });
  const fail = (request: FastifyRequest, reply: FastifyReply, err: unknown) =>
    writeError(replyWriter, new FastifyContext(request, reply, {}), err, app.logger);

  app.fastify!.register(async (scope) => {
    // The route reads its own body, like the Trellis routes.
    leaveBodiesUnread(scope);
    scope.route({
      method: METHODS,
      url: path,
      handler(request, reply) {
        readBody(request.raw, reply.raw, (err, body) => {
          if (err) {
            fail(request, reply, err);
            return;
          }
          request.body = body;
          Promise.resolve(execute.call(this, request, reply)).then(
            // A complete response comes back as its text; an incremental one is already streaming.
            (payload) => {
              if (typeof payload === 'string') reply.send(payload);
            },
            (failure: unknown) => fail(request, reply, failure),
          );
        });
      },
    });
  });
}
