import type { GraphqlOptions } from '../app/app-options';
import type { Application } from '../app/application';
import type { TrellisModule } from '../app/module-registry';
import { trellisError } from '../errors/trellis-errors';
import { isInstalled, requireInstalled } from '../optional/load-optional';
import { pagePolicy } from '../security/page-policy';
import { BROADCASTER, type Broadcaster } from '../websocket/broadcaster';
import { compileOriginCheck } from '../websocket/origin-check';
import { upgradeDispatch } from '../websocket/upgrade-dispatch';
import { resolveLimits } from '../websocket/websocket-options';
import { ApolloLoader } from './apollo-loader';
import { buildGraphqlSchema } from './build-schema';
import { followedSessions } from './followed-sessions';
import { graphiqlFilesHandler, graphqlHttpHandler } from './graphql-http-handler';
import { IDE_PACKAGES } from './ide/graphiql-files';
import { IDE_FOLDER, serveGraphiql } from './ide/serve-graphiql';
import { limitPackages, resolveGraphqlLimits } from './query-limits';
import { SubscriptionEndpoint } from './subscription-endpoint';
import { SubscriptionPublisher } from './subscription-publisher';

const DEFAULT_PATH = '/graphql';

/** GraphQL over HTTP, checked at ready() though loaded by the first request. */
const APOLLO_PACKAGE = '@apollo/server';

/** What GraphQL over WebSocket loads, with its first upgrade. */
const SUBSCRIPTION_PACKAGES = ['graphql-ws', 'ws'];

// Every verb reaches Apollo, which answers 405 to the ones it refuses.
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

function checkedPath(options: GraphqlOptions | undefined): string {
  const path = options?.path ?? DEFAULT_PATH;
  if (!path.startsWith('/'))
    throw trellisError(
      'TRELLIS_ERR_INVALID_OPTION',
      'options.graphql.path',
      `must start with '/': '${path}'`,
    );
  return path;
}

// Enough for any real screen of live data; a hostile client holding thousands is refused.
const DEFAULT_OPERATIONS_PER_CONNECTION = 100;

function install(app: Application, options: GraphqlOptions | false | undefined): void {
  if (options === false) return;
  app.container
    .bind(SubscriptionPublisher)
    .toDynamicValue(
      () => new SubscriptionPublisher(() => app.container.get<Broadcaster>(BROADCASTER), app.logger),
    )
    .inSingletonScope();
  let apollo: ApolloLoader | undefined;
  // A malformed limit is a configuration mistake: it fails here, at createApp.
  const limits = resolveGraphqlLimits(options?.limits);
  let subscriptions: SubscriptionEndpoint | undefined;
  app.onCompiled(() => {
    const resolvers = app.classesOf('resolver');
    if (resolvers.length === 0) return;
    const path = checkedPath(options);
    requireInstalled(APOLLO_PACKAGE, 'GraphQL (@Resolver classes)');
    for (const name of limitPackages(limits)) requireInstalled(name, 'GraphQL query limits (graphql.limits)');
    const schema = buildGraphqlSchema(resolvers, app);
    const development = process.env.NODE_ENV !== 'production';
    apollo = new ApolloLoader(schema, {
      introspection: options?.introspection ?? development,
      logger: app.logger,
      metrics: app.metrics,
      limits,
    });
    if (options?.ide === true)
      for (const name of IDE_PACKAGES) requireInstalled(name, 'the GraphQL IDE (graphql.ide: true)');
    const withIde = options?.ide ?? (development && IDE_PACKAGES.every(isInstalled));
    const ide = withIde ? serveGraphiql(path, pagePolicy(app.options.securityHeaders)) : undefined;
    const bodyLimit = app.options.bodyLimit ?? '100kb';
    app.engine.mountHandler({
      name: 'GraphQL',
      methods: METHODS,
      paths: [path],
      handler: graphqlHttpHandler(apollo, bodyLimit, ide),
    });
    if (ide)
      app.engine.mountHandler({
        name: 'the GraphQL IDE',
        methods: ['GET'],
        paths: [`${path === '/' ? '' : path}/${IDE_FOLDER}/:name`],
        handler: graphiqlFilesHandler(ide),
      });
    // Subscriptions need graphql-ws and ws; without a Subscription, GraphQL over WebSocket is
    // served only when they happen to be installed.
    if (schema.getSubscriptionType())
      for (const name of SUBSCRIPTION_PACKAGES)
        requireInstalled(name, 'GraphQL subscriptions (@Subscription)');
    else if (!SUBSCRIPTION_PACKAGES.every(isInstalled)) return;
    const { maxPayload } = resolveLimits(app.options.websocket);
    const origins = compileOriginCheck(app.options.websocket?.origins, 'options.websocket.origins');
    const sessions = followedSessions(app);
    const settings = options?.subscriptions ?? {};
    const requireAuth = settings.requireAuth ?? false;
    if (requireAuth && !sessions)
      throw trellisError('TRELLIS_ERR_NO_AUTHENTICATOR', 'graphql.subscriptions.requireAuth');
    subscriptions = new SubscriptionEndpoint(
      schema,
      {
        maxPayload,
        logger: app.logger,
        limits,
        sessions,
        requireAuth,
        maxOperations: settings.maxSubscriptionsPerConnection ?? DEFAULT_OPERATIONS_PER_CONNECTION,
      },
      origins,
      settings.maxConnectionsPerClient,
    );
    upgradeDispatch(app).route(path, subscriptions.upgrade);
  });
  app.onListen(() => subscriptions?.attach());
  app.onShutdown(async () => {
    await subscriptions?.shutdown();
  });
  app.onClose(async () => {
    await apollo?.stop();
  });
}

/**
 * Serves the application's resolvers with Apollo Server at `/graphql` (or `graphql.path`), and
 * over graphql-ws (subscriptions) on the same path and port: the schema is built at `ready()`,
 * Apollo is loaded and started by the first GraphQL request and stopped at `close()`, whose
 * first step also closes the subscription sockets. Binds the `SubscriptionPublisher`. Browsers
 * asking for the path get the GraphiQL IDE (`graphql.ide`).
 * `false`, or no resolver registered, serves nothing. Installed by `createApp`.
 */
export const graphqlModule: TrellisModule<GraphqlOptions | false | undefined> = { name: 'graphql', install };
