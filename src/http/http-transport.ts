import type { RequestListener, Server } from 'node:http';
import type { Engine, Middleware } from '../engine/engine';
import { type ModuleHost, objectOr } from '../kernel';
import { createMetricsServer } from '../metrics';
import { createAccessLog } from '../observability/access-log';
import { observabilityHook } from '../observability/observability-hook';
import {
  type AnswerWatcher,
  createRequestObserver,
  observesRequests,
} from '../observability/request-observer';
import { routeFinder } from '../observability/route-finder';
import { answeringThroughNext } from '../rate-limit';
import {
  CONTROLLER_ROLE,
  type CompiledRoute,
  checkRoutePrefix,
  compileControllers,
  RoutePipeline,
} from '../routing';
import { corsMiddleware, credentialedNoStore, securityHeaders } from '../security';
import { answerClientErrors } from './client-error-answer';
import { ConnectionDrain } from './connection-drain';
import { createEngine } from './engines';
import { type InjectOptions, type InjectResponse, injectInto } from './inject';
import { resolveTrustProxy } from './trust-proxy';

const TRUST_EVERY_PROXY_WARNING =
  'trustProxy is true: the client address is the left-most X-Forwarded-For entry, which any client writes itself, so rate limits and logs count whatever address a client chooses; give the number of proxies in front or their addresses instead';

function listenOn(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * HTTP as one transport among others: the engine (Express or Fastify) with its security policy,
 * the route pipeline, the compiled routes, the request observer, the server and its drain.
 * The HTTP feature makes it from the app's options; the application reaches it through the
 * few calls its lifecycle needs (`compile`, `mount`, `listen`, `inject`, `drain`, `close`).
 */
export class HttpTransport {
  /** The HTTP engine the application runs on (Express or Fastify), behind one interface. */
  readonly engine: Engine;
  /** The named hooks of every route call, phase by phase. */
  readonly pipeline = new RoutePipeline();
  /** What installed features note of every answered request, through the one request observer. */
  readonly answerWatchers: AnswerWatcher[] = [];
  /** The middleware given to `use()`, with the path it was mounted under (none: every path). */
  readonly middleware: { path?: string; handlers: readonly Middleware[] }[] = [];
  /** The routes compiled at `ready()`. */
  routes: readonly CompiledRoute[] = [];
  private server?: Server;
  private metricsServer?: Server;
  private readonly drains: { server?: ConnectionDrain; metrics?: ConnectionDrain } = {};

  constructor(private readonly app: ModuleHost) {
    const { options } = app;
    if (options.prefix !== undefined) checkRoutePrefix(options.prefix);
    this.pipeline.add(observabilityHook(() => this.observesRequests()));
    this.engine = createEngine(options.engine ?? 'express', {
      bodyLimit: options.bodyLimit ?? '100kb',
      logger: app.logger,
      trustProxy: resolveTrustProxy(options.trustProxy),
      policy: {
        headers: credentialedNoStore(securityHeaders(options.securityHeaders), options.credentialCookies),
        cors: corsMiddleware(options.cors),
      },
      errorBody: app.errorBodies.app,
    });
  }

  /** Adds `(req, res, next)` middleware, for every path or under `path`; runs before the routes. */
  use(path: string | undefined, handlers: Middleware[]): void {
    // A custom error body reaches a rateLimit()'s 429 through the engine's error answer.
    this.engine.use(path, this.app.errorBodies.custom ? handlers.map(answeringThroughNext) : handlers);
    this.middleware.push({ path, handlers });
  }

  /** Compiles the controllers into routes, once the container is bound. */
  compile(): readonly CompiledRoute[] {
    const { app } = this;
    if (app.options.trustProxy === true) app.logger.warn(TRUST_EVERY_PROXY_WARNING);
    this.routes = compileControllers(app.classesOf(CONTROLLER_ROLE.name), {
      container: app.container,
      guards: app.guards,
      interceptors: app.interceptors,
      writer: this.engine.writer,
      logger: app.logger,
      etags: app.options.etag,
      tracing: app.tracing?.steps ? app.tracing : undefined,
      pipeline: this.pipeline,
      errorBodies: app.errorBodies,
      versioning: app.options.versioning,
      prefix: app.options.prefix,
      startedAt: new Date(),
    });
    return this.routes;
  }

  /** Mounts the routes behind the request observer; returns the node:http request listener. */
  mount(): Promise<RequestListener> {
    const { app } = this;
    const { accessLog } = app.options;
    const observe = createRequestObserver({
      requestId: Boolean(app.options.requestId || accessLog),
      accessLog: accessLog
        ? createAccessLog(app.logger, objectOr(accessLog), () => app.health.shuttingDown)
        : undefined,
      metrics: app.metrics,
      tracing: app.tracing,
      watchers: this.answerWatchers,
      findRoute: routeFinder(this.routes),
    });
    return this.engine.mount(this.routes, observe);
  }

  /** Whether `listen()` made a server. */
  get listening(): boolean {
    return this.server !== undefined;
  }

  /**
   * Listens on `port` and `host`, and the metrics on theirs when the option names a port;
   * `beforeListen` runs once the server exists (WebSocket upgrades attach there).
   */
  async listen(port: number, host: string, beforeListen: (server: Server) => Promise<void>): Promise<Server> {
    const server = this.engine.createServer();
    answerClientErrors(server, this.app.errorBodies.app);
    this.server = server;
    this.drains.server = new ConnectionDrain(server);
    await beforeListen(server);
    await listenOn(server, port, host);
    const { metrics } = this.app;
    const option = this.app.options.metrics;
    if (metrics && typeof option === 'object' && option.port !== undefined) {
      const metricsServer = createMetricsServer(metrics, option.path ?? '/metrics');
      this.metricsServer = metricsServer;
      this.drains.metrics = new ConnectionDrain(metricsServer);
      await listenOn(metricsServer, option.port, option.host ?? '127.0.0.1');
    }
    return server;
  }

  /** The metrics server's address, once listening. */
  get metricsAddress(): ReturnType<Server['address']> | undefined {
    return this.metricsServer?.address();
  }

  /** Sends one request through `listener` in process, without a port. */
  inject(listener: RequestListener, options: InjectOptions): Promise<InjectResponse> {
    return injectInto(listener, options);
  }

  /** From now on every answer says `Connection: close`: clients learn to go elsewhere. */
  beginDrain(): void {
    this.drains.server?.begin();
  }

  /** Stops listening and lets requests in flight finish until `deadline` (epoch ms). */
  async drain(deadline: number): Promise<void> {
    await this.drains.server?.finish(Math.max(0, deadline - Date.now()));
  }

  /** Closes the metrics server and the engine: the last of close(). */
  async close(): Promise<void> {
    try {
      await this.drains.metrics?.finish(0);
    } finally {
      await this.engine.close();
    }
  }

  // Decided by the options and the features installed, both fixed before routes compile.
  private observesRequests(): boolean {
    const { accessLog, requestId } = this.app.options;
    return observesRequests({
      requestId,
      accessLog,
      metrics: this.app.metrics,
      tracing: this.app.tracing,
      watchers: this.answerWatchers,
    });
  }
}
