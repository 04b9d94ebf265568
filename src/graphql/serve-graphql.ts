import { HTTP_METHODS } from '../http/http-methods';
import { type Class, type ModuleHost, trellisError } from '../kernel';
import { isInstalled } from '../optional';
import { compileOriginCheck, resolveLimits, upgradeDispatch } from '../websocket';
import { ApolloLoader } from './apollo-loader';
import type * as BuildSchema from './build-schema';
import { followedSessions } from './followed-sessions';
import { graphiqlFilesHandler, graphqlHttpHandler } from './graphql-http-handler';
import type { GraphqlOptions } from './graphql-options';
import { IDE_PACKAGES } from './ide/graphiql-files';
import { graphiqlOrNotice } from './ide/graphiql-or-notice';
import { IDE_FOLDER } from './ide/serve-graphiql';
import { limitPackages, type ResolvedGraphqlLimits } from './query-limits';
import { SubscriptionEndpoint } from './subscription-endpoint';

const DEFAULT_PATH = '/graphql';

/** GraphQL over HTTP, checked at ready() though loaded by the first request. */
const APOLLO_PACKAGE = '@apollo/server';

/** What GraphQL over WebSocket loads, with its first upgrade. */
const SUBSCRIPTION_PACKAGES = ['graphql-ws', 'ws'];

// Enough for any real screen of live data; a hostile client holding thousands is refused.
const DEFAULT_OPERATIONS_PER_CONNECTION = 100;

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

/** What serving GraphQL started: Apollo, and the subscription endpoint when it is served. */
export interface ServedGraphql {
  apollo?: ApolloLoader;
  subscriptions?: SubscriptionEndpoint;
}

/**
 * Serves `resolvers` at ready(): builds the schema, mounts Apollo's handler (and the IDE's files),
 * and routes GraphQL-over-WebSocket upgrades; `noteServed` hears of the resolvers once their schema
 * is built. Loaded by an application that has resolvers, with graphql-js and Apollo's loader.
 */
export function serveGraphql(
  app: ModuleHost,
  options: GraphqlOptions | undefined,
  resolvers: Class[],
  limits: ResolvedGraphqlLimits,
  noteServed: (resolvers: Class[]) => void,
): ServedGraphql {
  const path = checkedPath(options);
  const packages = app.optionalPackages;
  // graphql-js is loaded here, by an application with resolvers, not by every one.
  const { buildGraphqlSchema } = require('./build-schema') as typeof BuildSchema;
  const schema = buildGraphqlSchema(resolvers, app);
  noteServed(resolvers);
  // Every package is noted before any is missed, so that ready() names them all at once.
  const needed = [
    packages.need(APOLLO_PACKAGE, 'GraphQL (@Resolver classes)'),
    packages.needAll(limitPackages(limits), 'GraphQL query limits (graphql.limits)'),
    !schema.getSubscriptionType() ||
      packages.needAll(SUBSCRIPTION_PACKAGES, 'GraphQL subscriptions (@Subscription)'),
    options?.ide !== true || packages.needAll(IDE_PACKAGES, 'the GraphQL IDE (graphql.ide: true)'),
  ];
  if (!needed.every(Boolean)) return {};
  const development = process.env.NODE_ENV !== 'production';
  const apollo = new ApolloLoader(schema, {
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
  if (!SUBSCRIPTION_PACKAGES.every(isInstalled)) return { apollo };
  const { maxPayload } = resolveLimits(app.options.websocket);
  const origins = compileOriginCheck(app.options.websocket?.origins, 'options.websocket.origins');
  const sessions = followedSessions(app);
  const settings = options?.subscriptions ?? {};
  const requireAuth = settings.requireAuth ?? false;
  if (requireAuth && !sessions)
    throw trellisError('TRELLIS_ERR_NO_AUTHENTICATOR', 'graphql.subscriptions.requireAuth');
  const subscriptions = new SubscriptionEndpoint(
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
    app.errorBodies.app,
  );
  upgradeDispatch(app).route(path, subscriptions.upgrade);
  return { apollo, subscriptions };
}
