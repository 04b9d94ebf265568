import type { FastifyReply, FastifyRequest, HTTPMethods, RouteOptions } from 'fastify';
import type { Logger } from 'pino';
import { HTTP_METHODS } from '../../http/http-methods';
import { type CompiledRoute, toRouterPath, writeError } from '../../routing';
import type { BodyReader } from '../json-body-reader';
import { FastifyContext } from './fastify-context';
import { replyWriter } from './reply-writer';

type Params = Record<string, string>;
type Handler = (request: FastifyRequest, reply: FastifyReply) => void;

// Fastify answers HEAD for every GET route by itself, as the Express engine does.
const ALL_METHODS: HTTPMethods[] = [...HTTP_METHODS];

function paramsReader(wildcard: string | undefined): (request: FastifyRequest) => Params {
  if (!wildcard || wildcard === '*') return (request) => request.params as Params;
  // find-my-way calls every wildcard `*`; the route named it.
  return (request) => {
    const params = request.params as Params;
    params[wildcard] = params['*'];
    return params;
  };
}

function handlerOf(
  route: CompiledRoute,
  wildcard: string | undefined,
  readBody: BodyReader,
  logger: Logger,
): Handler {
  const paramsOf = paramsReader(wildcard);
  if (!route.readsBody) {
    return (request, reply) => {
      void route.handle(new FastifyContext(request, reply, paramsOf(request)));
    };
  }
  return (request, reply) => {
    const ctx = new FastifyContext(request, reply, paramsOf(request));
    readBody(request.raw, reply.raw, (err, body) => {
      if (err) {
        ctx.answerHeaders = route.answerHeaders;
        writeError(replyWriter, ctx, err, logger, route.errorBody);
        return;
      }
      ctx.body = body;
      request.body = body;
      void route.handle(ctx);
    });
  };
}

/** A compiled route as a Fastify route: same path (router syntax), same methods, same handler. */
export function fastifyRoute(route: CompiledRoute, readBody: BodyReader, logger: Logger): RouteOptions {
  const { path, wildcard } = toRouterPath(route.path);
  return {
    method: route.method === 'ALL' ? ALL_METHODS : route.method,
    url: path,
    handler: handlerOf(route, wildcard, readBody, logger),
  };
}
