import type { RequestListener, Server } from 'node:http';
import fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { NotFoundException, trellisError } from '../../kernel';
import type { RequestObserver } from '../../observability/request-observer';
import {
  type CompiledRoute,
  pathOfUrl,
  type UnroutedAnswer,
  unroutedAnswer,
  writeError,
} from '../../routing';
import type { Engine, EngineOptions, HandlerMount, Middleware } from '../engine';
import { handlerRoutes } from '../handler-routes';
import { jsonBodyReader } from '../json-body-reader';
import { requestPolicyMiddleware } from '../request-policy';
import { FastifyContext } from './fastify-context';
import { fastifyRoute } from './fastify-route';
import { leaveBodiesUnread } from './leave-bodies-unread';
import { type MountedMiddleware, middlewarePlugin } from './middleware-plugin';
import { mountedRoute } from './mounted-route';
import { observerPlugin } from './observer-plugin';
import { replyWriter } from './reply-writer';

const bytes: { parse(value: string): number | null } = require('bytes');

const NODE_KEEP_ALIVE_MS = 5_000;
const NODE_REQUEST_TIMEOUT_MS = 300_000;

// Router errors the Express engine answers as unknown routes: find-my-way finds no route there.
const UNROUTABLE = new Set(['FST_ERR_BAD_URL', 'FST_ERR_MAX_PARAM_LENGTH']);

// A number trusts that many hops, as Express's `trust proxy` does (Fastify alone would trust none).
function trustProxyOf(setting: EngineOptions['trustProxy']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

/** Trellis on Fastify 5: the same routes, guards, bodies and error answers as on Express. */
export class FastifyEngine implements Engine {
  readonly name = 'fastify';
  readonly writer = replyWriter;
  readonly native: FastifyInstance;
  private readonly middleware: MountedMiddleware[] = [];
  private readonly mounts: HandlerMount[] = [];
  private mounted = false;
  private observe?: RequestObserver;
  private unrouted?: UnroutedAnswer;

  constructor(private readonly options: EngineOptions) {
    this.native = fastify({
      logger: false,
      bodyLimit: bytes.parse(options.bodyLimit) ?? undefined,
      trustProxy: trustProxyOf(options.trustProxy),
      routerOptions: { ignoreTrailingSlash: true, caseSensitive: true, maxParamLength: 500 },
      // Node's own server timeouts, which the Express engine's server has (Fastify's differ).
      keepAliveTimeout: NODE_KEEP_ALIVE_MS,
      requestTimeout: NODE_REQUEST_TIMEOUT_MS,
      frameworkErrors: (err, request, reply) => this.answerFrameworkError(err, request, reply),
    });
    // Plugins and routes added through `app.fastify` keep Fastify's JSON parser; Express never
    // parses text bodies, so neither does Fastify.
    this.native.removeContentTypeParser('text/plain');
    // Before the middleware, so that every request is observed before any middleware answers it.
    this.native.register(observerPlugin(() => this.observe));
    this.applyPolicy(requestPolicyMiddleware(options.policy));
    this.native.register(middlewarePlugin(this.middleware));
    this.native.setErrorHandler((err, request, reply) => {
      writeError(replyWriter, new FastifyContext(request, reply, {}), err, options.logger, options.errorBody);
    });
  }

  use(path: string | undefined, middleware: Middleware[]): void {
    for (const fn of middleware) this.middleware.push({ path, middleware: fn });
  }

  mountHandler(mount: HandlerMount): void {
    if (this.mounted) throw trellisError('TRELLIS_ERR_AFTER_READY', 'mountHandler()');
    this.mounts.push(mount);
  }

  async mount(routes: readonly CompiledRoute[], observe?: RequestObserver): Promise<RequestListener> {
    const { logger } = this.options;
    this.observe = observe;
    const readBody = jsonBodyReader(this.options.bodyLimit);
    this.mounted = true;
    const handlers = handlerRoutes(this.mounts, routes, observe !== undefined);
    this.unrouted = unroutedAnswer(routes, handlers);
    this.native.register(async (scope) => {
      leaveBodiesUnread(scope);
      for (const route of routes) scope.route(fastifyRoute(route, readBody, logger));
      for (const handler of handlers) scope.route(mountedRoute(handler, logger, this.options.errorBody));
      // Set from this scope so unknown routes do not parse bodies either.
      scope.setNotFoundHandler((request, reply) => this.answerNotFound(request, reply));
    });
    await this.native.ready();
    return this.native.routing;
  }

  createServer(): Server {
    return this.native.server;
  }

  async close(): Promise<void> {
    await this.native.close();
  }

  // A root onRequest hook runs for every route and for the 404 answer. A preflight that the
  // policy answers on the raw response never calls done, as middleware that ends a request.
  private applyPolicy(policy: Middleware | undefined): void {
    if (!policy) return;
    this.native.addHook('onRequest', (request, reply, done) => {
      policy(request.raw, reply.raw, done as (err?: unknown) => void);
    });
  }

  private answerNotFound(request: FastifyRequest, reply: FastifyReply): void {
    const ctx = new FastifyContext(request, reply, {});
    const err =
      this.unrouted?.(request.method, request.url) ??
      new NotFoundException(`Cannot ${request.method} ${pathOfUrl(request.url)}`);
    writeError(replyWriter, ctx, err, this.options.logger, this.options.errorBody);
  }

  private answerFrameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
    // The router failed before any hook ran.
    this.options.policy?.headers?.(request.raw, reply.raw);
    if (UNROUTABLE.has(err.code)) this.answerNotFound(request, reply);
    else
      writeError(
        replyWriter,
        new FastifyContext(request, reply, {}),
        err,
        this.options.logger,
        this.options.errorBody,
      );
  }
}
