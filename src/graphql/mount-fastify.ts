import type * as Integration from '@as-integrations/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, RouteHandlerMethod } from 'fastify';
import type { Application } from '../app/application';
import { FastifyContext } from '../engine/fastify/fastify-context';
import { leaveBodiesUnread } from '../engine/fastify/leave-bodies-unread';
import { replyWriter } from '../engine/fastify/reply-writer';
import { jsonBodyReader } from '../engine/json-body-reader';
import { requestStateOf } from '../observability/request-state';
import { loadOptional } from '../optional/load-optional';
import { writeError } from '../routing/write-response';
import type { ApolloLoader } from './apollo-loader';
import { type GraphiqlIde, IDE_FOLDER } from './ide/serve-graphiql';

// Every verb reaches Apollo, as through Express's use(): it answers 405 to the ones it refuses.
const METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

/**
 * Serves the Apollo server at `path` on the Fastify engine, as a Fastify route: the JSON body is
 * read as on routes (malformed 400, too large 413, not JSON 415), and each GraphQL request gets a
 * `RequestContext` with its own request scope. Browsers get the IDE there instead, when it is on.
 */
export function mountFastify(app: Application, apollo: ApolloLoader, path: string, ide?: GraphiqlIde): void {
  const readBody = jsonBodyReader(app.options.bodyLimit ?? '100kb');
  let handler: RouteHandlerMethod | undefined;
  // The integration needs Apollo, so it is loaded with it, by the first GraphQL request.
  const execute = async (scope: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => {
    if (!handler) {
      const server = await apollo.server();
      const { fastifyApolloHandler }: typeof Integration = loadOptional(
        '@as-integrations/fastify',
        'GraphQL on Fastify',
      );
      handler ??= fastifyApolloHandler(server, {
        context: async (request, reply) => {
          const ctx = new FastifyContext(request, reply, {});
          ctx.body = request.body;
          return ctx;
        },
      });
    }
    return handler.call(scope, request, reply);
  };
  const fail = (request: FastifyRequest, reply: FastifyReply, err: unknown) =>
    writeError(replyWriter, new FastifyContext(request, reply, {}), err, app.logger);

  app.fastify!.register(async (scope) => {
    // The route reads its own body, like the Trellis routes.
    leaveBodiesUnread(scope);
    scope.route({
      method: METHODS,
      url: path,
      handler(request, reply) {
        const state = requestStateOf(request.raw);
        if (state) state.route = path;
        if (ide?.page(request.raw, reply.raw)) return;
        readBody(request.raw, reply.raw, (err, body) => {
          if (err) {
            fail(request, reply, err);
            return;
          }
          request.body = body;
          execute(this, request, reply).then(
            // A complete response comes back as its text; an incremental one is already streaming.
            (payload) => {
              if (typeof payload === 'string') reply.send(payload);
            },
            (failure: unknown) => fail(request, reply, failure),
          );
        });
      },
    });
    if (ide)
      scope.get<{ Params: { name: string } }>(
        `${path === '/' ? '' : path}/${IDE_FOLDER}/:name`,
        (request, reply) => {
          ide.file(request.params.name, reply.raw, (err) => {
            if (err) fail(request, reply, err);
            else reply.callNotFound();
          });
        },
      );
  });
}
