import type { Application } from '../app/application';
import { trellisError } from '../kernel/errors/trellis-errors';
import { HTTP_METHODS } from '../kernel/http-methods';
import type { Class } from '../kernel/metadata/types';
import type { TrellisFeature } from '../kernel/modules/trellis-feature';
import { isInstalled } from '../optional/load-optional';
import { BROADCASTER, type Broadcaster } from '../websocket/broadcaster';
import { compileOriginCheck } from '../websocket/origin-check';
import { upgradeDispatch } from '../websocket/upgrade-dispatch';
import { resolveLimits } from '../websocket/websocket-options';
import { ApolloLoader } from './apollo-loader';
import type * as BuildSchema from './build-schema';
import { describeResolvers } from './describe-resolvers';
import { followedSessions } from './followed-sessions';
import { graphiqlFilesHandler, graphqlHttpHandler } from './graphql-http-handler';
import type { GraphqlOptions } from './graphql-options';
import { GRAPHQL_OPTIONS_SCHEMA } from './graphql-options-schema';
import { IDE_PACKAGES } from './ide/graphiql-files';
import { graphiqlOrNotice } from './ide/graphiql-or-notice';
import { IDE_FOLDER } from './ide/serve-graphiql';
import { limitPackages, resolveGraphqlLimits } from './query-limits';
import { RESOLVER_ROLE } from './resolver-role';
import { SubscriptionEndpoint } from './subscription-endpoint';
import { SubscriptionPublisher } from './subscription-publisher';

const DEFAULT_PATH = '/graphql';

/** GraphQL over HTTP, checked at ready() though loaded by the first request. */
const APOLLO_PACKAGE = '@apollo/server';

/** What GraphQL over WebSocket loads, with its first upgrade. */
const SUBSCRIPTION_PACKAGES = ['graphql-ws', 'ws'];

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
  let served: Class[] = [];
  app.inspection.contribute('resolvers', () => describeResolvers(served, app.guards));
  app.onCompiled(() => {
    const resolvers = app.classesOf(RESOLVER_ROLE.name);
    if (resolvers.length === 0) return;
    const path = checkedPath(options);
    const packages = app.optionalPackages;
    // graphql-js is loaded here, by an application with resolvers, not by every one.
    const { buildGraphqlSchema } = require('./build-schema') as typeof BuildSchema;
    const schema = buildGraphqlSchema(resolvers, app);
    served = resolvers;
    // Every package is noted before any is missed, so that ready() names them all at once.
    const needed = [
      packages.need(APOLLO_PACKAGE, 'GraphQL (@Resolver classes)'),
      packages.needAll(limitPackages(limits), 'GraphQL query limits (graphql.limits)'),
      !schema.getSubscriptionType() ||
        packages.needAll(SUBSCRIPTION_PACKAGES, 'GraphQL subscriptions (@Subscription)'),
      options?.ide !== true || packages.needAll(IDE_PACKAGES, 'the GraphQL IDE (graphql.ide: true)'),
    ];
    if (!needed.every(Boolean)) return;
    const development = process.env.NODE_ENV !== 'production';
    apollo = new ApolloLoader(schema, {
      introspection: options?.introspection ?? development,
      logger: app.logger,
      metrics: app.metrics,
      limits,
    });
    const ide = graphiqlOrNotice(app, path, options?.ide ?? (development ? undefined : false));
    const bodyLimit = app.options.bodyLimit ?? '100kb';
    app.engine.mountHandler({
      name: 'GraphQL',
      // Every method reaches Apollo, which answers 405 to the ones it refuses.
      methods: HTTP_METHODS,
      paths: [path],
      handler: graphqlHttpHandler(apollo, bodyLimit, ide),
    });
    if (ide && 'file' in ide)
      app.engine.mountHandler({
        name: 'the GraphQL IDE',
        methods: ['GET'],
        paths: [`${path === '/' ? '' : path}/${IDE_FOLDER}/:name`],
        handler: graphiqlFilesHandler(ide),
      });
    // Without a Subscription, GraphQL over WebSocket is served only when its packages happen to
    // be installed.
    if (!SUBSCRIPTION_PACKAGES.every(isInstalled)) return;
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
 * `false`, or no resolver registered, serves nothing. Installed by `createApp` with its `graphql`
 * option; the classes given in `resolvers` are its (kept, and checked, even with GraphQL off).
 */
export const graphqlModule: TrellisFeature<GraphqlOptions | false | undefined> = {
  name: 'graphql',
  option: 'graphql',
  schema: GRAPHQL_OPTIONS_SCHEMA,
  roles: [RESOLVER_ROLE],
  install,
};
