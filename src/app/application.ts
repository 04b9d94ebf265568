import type { RequestListener, Server } from 'node:http';
import type { Logger } from 'pino';
import type { AppContainer } from '../../container/app-container';
import { bindInjectable } from '../../container/bind-injectable';
import { assertParametersRecorded } from '../../container/constructor-parameters';
import { bindDependencyGraph, declaredScope } from '../../container/dependency-graph';
import { Container } from '../../container/inversify';
import { assertProviderGraph, type ProviderGraph, providerGraph } from '../../container/provider-graph';
import { isClassProvider } from '../../container/provider-kind';
import type { Engine, Middleware } from '../engine/engine';
import { ErrorBodies } from '../error-body/error-bodies';
import { HealthChecks } from '../health';
import type { HttpTransport } from '../http/http-transport';
import type { InjectOptions, InjectResponse } from '../http/inject';
import type { AppDescription } from '../inspect/app-description';
import { describeApplication } from '../inspect/describe-application';
import { InspectionParts } from '../inspect/inspection-parts';
import { methodDependencies } from '../inspect/method-dependencies';
import {
  type Class,
  type ClassRole,
  definedModuleNames,
  findModule,
  GuardRegistry,
  InterceptorRegistry,
  interceptInstances,
  type ModuleOptionsMap,
  metadataRegistry,
  objectOr,
  type TrellisModule,
  trellisError,
} from '../kernel';
import { flushLogger } from '../logging/flush-logger';
import { createLogger } from '../logging/logger';
import { AppMetrics } from '../metrics';
import { bindRequestId, REQUEST_ID } from '../observability/request-id-token';
import type { AnswerWatcher } from '../observability/request-observer';
import { type FastifyNative, MissingPackages } from '../optional';
import type { AppOptions } from '../options/app-options';
import type { CompiledRoute, RoutePipeline } from '../routing';
import { Tracing } from '../tracing';
import { assertCreateTimePackages } from './create-time-packages';
import type { AppService } from './lifecycle/app-service';
import { Services } from './lifecycle/services';
import { settleAll, settleEach } from './lifecycle/settle-each';

declare module '../kernel/extension-points' {
  // The application is what modules are installed into.
  interface ModuleHost extends Application {}
}

type Hook<A extends unknown[]> = (...args: A) => void | Promise<void>;
type Token = Class | (abstract new (...args: any[]) => unknown) | symbol | string;

const DEFAULT_SHUTDOWN_MS = 10_000;

/** A Trellis application: its container, its classes, and its lifecycle (`ready`, `listen`, `close`). */
export class Application {
  /** The Inversify container every class is resolved from. */
  readonly container: AppContainer = new Container();
  /** The guard kinds installed modules provide. */
  readonly guards = new GuardRegistry();
  /** The interceptor kinds installed modules provide (`Transactional()`, `Idempotent()`). */
  readonly interceptors = new InterceptorRegistry();
  /** The pino logger: `options.logger`, or JSON lines on stdout at `LOG_LEVEL`. */
  readonly logger: Logger;
  /** Liveness and readiness; bound in the container as `HealthChecks`. */
  readonly health = new HealthChecks();
  /** The Prometheus metrics, with the `metrics` option. */
  readonly metrics?: AppMetrics;
  /** The OpenTelemetry spans, with the `tracing` option. */
  readonly tracing?: Tracing;
  /** The shape of error answers: the `errorBody` option's (else the reference one) and `ErrorBody()`'s. */
  readonly errorBodies: ErrorBodies;
  /** Where features contribute their part of `inspect()` (gateways, resolvers, jobs). */
  readonly inspection = new InspectionParts();

  /**
   * The optional packages the features in use need: a module notes them at `ready()` with
   * `need(name, feature)`, and `ready()` fails once, naming every missing one.
   */
  readonly optionalPackages = new MissingPackages();

  /** The classes of each role, by role name; a feature serving a role adds it with `addRole`. */
  private readonly classes = new Map<string, { role: ClassRole; targets: Set<Class> }>();
  private readonly providers = new Set<Class>();
  private readonly overrides = new Map<Token, unknown>();
  private readonly installed = new Set<string>();
  /** The dependency graph `ready()` bound, as `inspect()` describes it. */
  private graph?: ProviderGraph;
  private readonly hooks = {
    compile: [] as Hook<[Application]>[],
    ready: [] as Hook<[Application]>[],
    compiled: [] as Hook<[readonly CompiledRoute[]]>[],
    listen: [] as Hook<[Server]>[],
    shutdown: [] as Hook<[]>[],
    close: [] as Hook<[]>[],
  };
  private compiling?: Promise<RequestListener>;
  private readying?: Promise<RequestListener>;
  private readonly services: Services;
  /** Set once routes are mounted: from then on the shape of the app is fixed. */
  private sealed = false;
  /** HTTP, the transport the app listens with: the HTTP feature hands it over at install. */
  private transport?: HttpTransport;

  constructor(
    /** The options given to `createApp`. */
    readonly options: Readonly<AppOptions> = {},
  ) {
    assertCreateTimePackages(options);
    if (options.metrics) this.metrics = new AppMetrics(objectOr(options.metrics));
    if (options.tracing) this.tracing = new Tracing(objectOr(options.tracing));
    this.logger = options.logger ?? createLogger();
    this.errorBodies = new ErrorBodies(options.errorBody, this.logger);
    this.services = new Services(this.logger);
    for (const provider of options.providers ?? []) this.providers.add(provider);
    // Without decorator metadata nothing can be injected: said here, before anything else fails.
    for (const target of this.providers) assertParametersRecorded(target);
  }

  /** Hands the app its HTTP transport; the HTTP feature calls it once, when `createApp` installs it. */
  serveOver(transport: HttpTransport): this {
    this.transport = transport;
    return this;
  }

  /** The HTTP transport, or a coded error naming `call` when the HTTP feature is not installed. */
  private get http(): HttpTransport {
    if (!this.transport) throw trellisError('TRELLIS_ERR_NO_HTTP', 'createApp()');
    return this.transport;
  }

  /** The HTTP engine the application runs on (Express or Fastify), behind one interface. */
  get engine(): Engine {
    return this.http.engine;
  }

  /**
   * The named hooks of every route call, phase by phase (`onRequest`, `guard`, `parse`,
   * `preHandler`, `onSend`, `onResponse`), each asked once per route at `ready()`.
   */
  get pipeline(): RoutePipeline {
    return this.http.pipeline;
  }

  /** What installed features note of every answered request, through the one request observer. */
  get answerWatchers(): AnswerWatcher[] {
    return this.http.answerWatchers;
  }

  /** The middleware given to `use()`, with the path it was mounted under (none: every path). */
  get middleware(): readonly { path?: string; handlers: readonly Middleware[] }[] {
    return this.http.middleware;
  }

  /** The routes compiled by `ready()`; none before. */
  get routes(): readonly CompiledRoute[] {
    return this.transport?.routes ?? [];
  }

  /**
   * Adds a role of classes (what a feature serves: gateways, resolvers) with the classes its option
   * lists. They are kept by the option they came in, not by their decorator, so that `ready()`
   * refuses a class given in a role without its decorator instead of binding it as an injectable.
   */
  addRole(role: ClassRole): this {
    this.assertNotReady('addRole()');
    if (this.classes.has(role.name)) return this;
    const given = (this.options as Record<string, unknown>)[role.option] as Iterable<Class> | undefined;
    const targets = new Set<Class>(given ?? []);
    for (const target of targets) assertParametersRecorded(target);
    this.classes.set(role.name, { role, targets });
    return this;
  }

  /** The Express application (express engine). */
  get express(): import('express').Express | undefined {
    return this.engine.name === 'express' ? (this.engine.native as import('express').Express) : undefined;
  }

  /** The Fastify instance (fastify engine); typed as Fastify's once `trellis/fastify` is imported. */
  get fastify(): FastifyNative | undefined {
    return this.engine.name === 'fastify' ? (this.engine.native as FastifyNative) : undefined;
  }

  /** Installs a module by name (one declared in `ModuleOptionsMap`) or by value; chainable. */
  install<K extends keyof ModuleOptionsMap>(name: K, options: ModuleOptionsMap[K]): this;
  /** Installs a module by value (one made with `defineModule`, or a built-in one); chainable. */
  install<O>(module: TrellisModule<O>, options: O): this;
  install(nameOrModule: string | TrellisModule<unknown>, options: unknown): this {
    const module = typeof nameOrModule === 'string' ? findModule(nameOrModule) : nameOrModule;
    if (!module) throw trellisError('TRELLIS_ERR_UNKNOWN_MODULE', String(nameOrModule), definedModuleNames());
    if (this.installed.has(module.name))
      throw trellisError('TRELLIS_ERR_MODULE_ALREADY_INSTALLED', module.name);
    this.assertNotReady('install()');
    this.installed.add(module.name);
    for (const role of module.roles ?? []) this.addRole(role);
    module.install(this, options);
    return this;
  }

  /** Whether a module of that name is installed. */
  has(moduleName: string): boolean {
    return this.installed.has(moduleName);
  }

  /** Adds controllers, gateways, resolvers (by their decorator) or plain injectables. */
  register(...classes: Class[]): this {
    this.assertNotReady('register()');
    for (const target of classes) {
      const role = metadataRegistry.find(target)?.role;
      const kept = role === undefined ? undefined : this.classes.get(role);
      if (kept) kept.targets.add(target);
      else this.providers.add(target);
    }
    return this;
  }

  /** Adds `(req, res, next)` middleware, for every path or under `path`; runs before the routes. */
  use(pathOrMiddleware: string | Middleware, ...middleware: Middleware[]): this {
    this.assertNotReady('use()');
    const path = typeof pathOrMiddleware === 'string' ? pathOrMiddleware : undefined;
    const handlers = path === undefined ? [pathOrMiddleware as Middleware, ...middleware] : middleware;
    this.http.use(path, handlers);
    return this;
  }

  /** Replaces a binding with a value or a class (a sinon stub, say); call before `ready()`. */
  override(token: Token, valueOrClass: unknown): this {
    if (this.compiling) throw trellisError('TRELLIS_ERR_AFTER_READY', 'override()');
    this.overrides.set(token, valueOrClass);
    return this;
  }

  /** The registered classes of one role (`controller`, `gateway`, `resolver`, or a feature's own). */
  classesOf(role: string): Class[] {
    return [...(this.classes.get(role)?.targets ?? [])];
  }

  /**
   * Describes the application as it compiles (compiling it when needed): modules, providers with
   * their scopes and dependencies, routes with their guards and interceptors, gateways, resolvers
   * and jobs. It touches nothing outside the process: no service starts, so nothing connects,
   * migrates, claims a schedule's tick or runs a job. When compiling fails, `error` says why and
   * the rest is described as far as it was built, the dependency graph's problems included.
   */
  async inspect(): Promise<AppDescription> {
    let failure: unknown;
    try {
      await this.compile();
    } catch (error) {
      // A thrown undefined still marks the description as failed.
      failure = error ?? 'compiling failed';
    }
    return describeApplication({
      modules: [...this.installed],
      graph: this.graph ?? providerGraph(this.container, this.roots(), methodDependencies),
      routes: this.routes,
      guards: this.guards,
      parts: this.inspection.describe(),
      failure,
    });
  }

  /**
   * Adds a service that the application starts and stops: `'ready'` ones when `ready()` runs,
   * `'serve'` ones (background work) on `start()`, `listen()` or `inject()`; `close()` stops them.
   */
  service(service: AppService): this {
    this.assertNotReady('service()');
    this.services.add(service);
    return this;
  }

  /** Runs while the app compiles, before routes are: features bind here, touching nothing outside the process. */
  onCompile(hook: Hook<[Application]>): this {
    this.hooks.compile.push(hook);
    return this;
  }

  /**
   * Runs in `ready()` once the `'ready'` services started (connections open, migrations run), in
   * the order added: seed data here. `inspect()` never runs it.
   */
  onReady(hook: Hook<[Application]>): this {
    this.hooks.ready.push(hook);
    return this;
  }

  /** Runs while the app compiles, with the compiled routes, before they are mounted. */
  onCompiled(hook: Hook<[readonly CompiledRoute[]]>): this {
    this.hooks.compiled.push(hook);
    return this;
  }

  /** Runs when the HTTP server exists, before it listens (WebSocket upgrades attach here). */
  onListen(hook: Hook<[Server]>): this {
    this.hooks.listen.push(hook);
    return this;
  }

  /** Runs in `close()` beside the HTTP drain, under the same deadline: long-lived connections end here. */
  onShutdown(hook: Hook<[]>): this {
    this.hooks.shutdown.push(hook);
    return this;
  }

  /** Runs last in `close()`, after the drain, in reverse order; each runs even when another failed. */
  onClose(hook: Hook<[]>): this {
    this.hooks.close.push(hook);
    return this;
  }

  /**
   * Compiles everything once (bindings, guards, routes) and starts the `'ready'` services
   * (connections, migrations); returns a node:http request listener. Background work begins
   * only with `start()`: call it when you mount this listener on a server of your own.
   */
  ready(): Promise<RequestListener> {
    this.readying ??= this.compile().then(async (listener) => {
      await this.services.start('ready');
      for (const hook of this.hooks.ready) await hook(this);
      return listener;
    });
    return this.readying;
  }

  /** Readies the app, then starts its background work (job workers, schedules, purges); once. */
  async start(): Promise<void> {
    await this.ready();
    await this.services.start('serve');
  }

  /** Listens on `port` (0 = ephemeral) and `host` (default 127.0.0.1); resolves to the server. */
  async listen(port = 0, host = '127.0.0.1'): Promise<Server> {
    await this.start();
    if (this.http.listening) throw trellisError('TRELLIS_ERR_ALREADY_LISTENING');
    return this.http.listen(port, host, async (server) => {
      for (const hook of this.hooks.listen) await hook(server);
    });
  }

  /**
   * Sends one request to the app in process, on either engine, without opening a port; starts
   * the app first (background work included). An object body goes as JSON.
   * @example const res = await app.inject({ method: 'GET', url: '/hello' }); res.json();
   */
  async inject(options: InjectOptions): Promise<InjectResponse> {
    await this.start();
    return this.http.inject(await this.ready(), options);
  }

  /** The server of the metrics, when the `metrics` option names a port and the app listens. */
  get metricsAddress(): ReturnType<Server['address']> | undefined {
    return this.transport?.metricsAddress;
  }

  /**
   * Stops taking new work, then drains HTTP, gateways, streams, uploads and background work side
   * by side under one deadline (`shutdownTimeoutMs`), then runs every `onClose` hook. From the
   * moment it begins, answers say `Connection: close`; idle connections end after a short silence.
   * A failing hook or service is logged and never keeps the rest from stopping.
   */
  async close(): Promise<void> {
    const listening = this.transport?.listening ?? false;
    this.transport?.beginDrain();
    this.health.markShuttingDown();
    const delay = this.options.shutdownDelayMs ?? 0;
    const timeoutMs = this.options.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_MS;
    const started = Date.now();
    // A listening server says when its drain starts and ends: a stop is otherwise silent for seconds.
    if (listening)
      this.logger.info({ delayMs: delay, timeoutMs }, 'draining: readiness fails, requests in flight finish');
    try {
      if (delay > 0 && listening) await new Promise((resolve) => setTimeout(resolve, delay));
      const deadline = Date.now() + timeoutMs;
      await settleAll(
        [
          { name: 'the HTTP drain', run: () => this.transport?.drain(deadline) },
          { name: 'background work', run: () => this.services.stop('serve', deadline) },
          ...this.hooks.shutdown.map((hook, index) => ({ name: `onShutdown hook ${index + 1}`, run: hook })),
        ],
        this.logger,
        'draining',
      );
      if (listening) this.logger.info({ ms: Date.now() - started }, 'drained: closing');
      // The answered requests' spans, before an SDK shut down after close() would miss them.
      this.tracing?.flush();
      await this.services.stop('ready', deadline);
      await settleEach(
        [...this.hooks.close].reverse().map((hook, index, all) => ({
          name: `onClose hook ${all.length - index}`,
          run: hook,
        })),
        this.logger,
        'closing',
      );
    } finally {
      await settleEach(
        [{ name: 'the HTTP transport', run: () => this.transport?.close() }],
        this.logger,
        'closing',
      );
      await flushLogger(this.logger);
    }
  }

  // Compiling touches nothing outside the process: inspect() stops here.
  private compile(): Promise<RequestListener> {
    this.compiling ??= this.build();
    return this.compiling;
  }

  private async build(): Promise<RequestListener> {
    const http = this.http;
    for (const hook of this.hooks.compile) await hook(this);
    this.tracing?.prepare();
    this.checkRoles();
    if (!this.container.isBound(HealthChecks)) this.container.bind(HealthChecks).toConstantValue(this.health);
    if (!this.container.isBound(REQUEST_ID)) bindRequestId(this.container);
    const replacements = this.applyOverrides();
    const roots = [...replacements, ...this.roots()];
    bindDependencyGraph(this.container, roots);
    this.graph = providerGraph(this.container, roots, methodDependencies);
    assertProviderGraph(this.graph);
    interceptInstances(this.container, this.interceptors);
    const routes = http.compile();
    for (const hook of this.hooks.compiled) await hook(routes);
    this.optionalPackages.assertInstalled();
    this.sealed = true;
    return http.mount();
  }

  // The classes the application was given, which everything else is reached from.
  private roots(): Class[] {
    return [...this.providers, ...[...this.classes.values()].flatMap(({ targets }) => [...targets])];
  }

  private checkRoles(): void {
    for (const { role, targets } of this.classes.values()) {
      for (const target of targets) {
        if (metadataRegistry.find(target)?.role !== role.name)
          throw trellisError('TRELLIS_ERR_NOT_DECORATED', target.name, role.decorator, role.name);
      }
    }
  }

  /** Binds the overrides; returns the replacement classes, whose own dependencies need binding. */
  private applyOverrides(): Class[] {
    const replacements: Class[] = [];
    for (const [token, value] of this.overrides) {
      if (this.container.isBound(token)) this.container.unbind(token);
      if (isClassProvider(value as Class)) {
        // The replacement lives as long as what it replaces, so scope checks and Depends still hold.
        const scope = declaredScope(typeof token === 'function' ? token : (value as Class));
        bindInjectable(this.container, value as Class, scope, token);
        replacements.push(value as Class);
      } else this.container.bind(token).toConstantValue(value);
    }
    return replacements;
  }

  // Modules and features may still add classes and middleware from their ready hooks.
  private assertNotReady(call: string): void {
    if (this.sealed) throw trellisError('TRELLIS_ERR_AFTER_READY', call);
  }
}
