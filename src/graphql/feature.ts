import type { Application } from '../app/application';
import type { EngineName } from '../engine/engine';
import { trellisError } from '../errors/trellis-errors';
import { isInstalled, requireInstalled } from '../optional/load-optional';
import { pagePolicy } from '../security/page-policy';
import { BROADCASTER, type Broadcaster } from '../websocket/broadcaster';
import { compileOriginCheck } from '../websocket/origin-check';
import { SESSION_REVOCATIONS, type SessionRevocations } from '../websocket/session-revocations';
import { upgradeDispatch } from '../websocket/upgrade-dispatch';
import { resolveLimits } from '../websocket/websocket-options';
import { ApolloLoader } from './apollo-loader';
import { buildGraphqlSchema } from './build-schema';
import { IDE_PACKAGES } from './ide/graphiql-files';
import { type GraphiqlIde, serveGraphiql } from './ide/serve-graphiql';
import { limitPackages, resolveGraphqlLimits } from './query-limits';
import { SubscriptionEndpoint } from './subscription-endpoint';
import { SubscriptionPublisher } from './subscription-publisher';
import { SubscriptionSessions } from './subscription-sessions';

type Mount = (app: Application, apollo: ApolloLoader, path: string, ide?: GraphiqlIde) => void;

const DEFAULT_PATH = '/graphql';

/** The optional packages GraphQL loads on each engine, checked at ready() though loaded later. */
const PACKAGES: Record<EngineName, string[]> = {
  express: ['@apollo/server', '@as-integrations/express5'],
  fastify: ['@apollo/server', '@as-integrations/fastify'],
};

/** What GraphQL over WebSocket loads, with its first upgrade. */
const SUBSCRIPTION_PACKAGES = ['graphql-ws', 'ws'];

/** How each engine serves the Apollo server; each is loaded only on its engine. */
const MOUNTS: Partial<Record<EngineName, Mount>> = {
  express: (...args) => require('./mount-express').mountExpress(...args),
  fastify: (...args) => require('./mount-fastify').mountFastify(...args),
};

/**
 * Serves the application's resolvers with Apollo Server at `/graphql` (or `graphql.path`), and
 * over graphql-ws (subscriptions) on the same path and port: the schema is built at `ready()`,
 * Apollo is loaded and started by the first GraphQL request and stopped at `close()`, whose
 * first step also closes the subscription sockets. Binds the `SubscriptionPublisher`. Browsers
 * asking for the path get the GraphiQL IDE (`graphql.ide`).
 * `graphql: false`, or no resolver registered, serves nothing.
 */
export function graphqlFeature(app: Application): void {
  const options = app.options.graphql;
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
    const path = options?.path ?? DEFAULT_PATH;
    if (!path.startsWith('/'))
      throw trellisError(
        'TRELLIS_ERR_INVALID_OPTION',
        'options.graphql.path',
        `must start with '/': '${path}'`,
      );
    const mount = MOUNTS[app.engine.name];
    if (!mount) throw trellisError('TRELLIS_ERR_GRAPHQL_ENGINE', app.engine.name);
    for (const name of PACKAGES[app.engine.name]) requireInstalled(name, 'GraphQL (@Resolver classes)');
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
    mount(app, apollo, path, ide);
    // Subscriptions need graphql-ws and ws; without a Subscription, GraphQL over WebSocket is
    // served only when they happen to be installed.
    if (schema.getSubscriptionType())
      for (const name of SUBSCRIPTION_PACKAGES)
        requireInstalled(name, 'GraphQL subscriptions (@Subscription)');
    else if (!SUBSCRIPTION_PACKAGES.every(isInstalled)) return;
    const { maxPayload } = resolveLimits(app.options.websocket);
    const origins = compileOriginCheck(app.options.websocket?.origins, 'options.websocket.origins');
    const sessions = followedSessions(app);
    subscriptions = new SubscriptionEndpoint(
      schema,
      { maxPayload, logger: app.logger, limits, sessions },
      origins,
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
 * With an authenticating guard installed, connections whose `connection_init` carries a token
 * follow its session: the guard compiled for WebSockets checks the token once and names the
 * session, and revocations close the connection as they close gateway sockets.
 */
function followedSessions(app: Application): SubscriptionSessions | undefined {
  const auth = app.guards.authenticator();
  if (!auth || !app.container.isBound(SESSION_REVOCATIONS)) return undefined;
  const site = {
    className: 'GraphQL',
    methodName: 'connection_init',
    transport: 'ws' as const,
    container: app.container,
  };
  return new SubscriptionSessions(
    auth.compile([], site),
    app.container.get<SessionRevocations>(SESSION_REVOCATIONS),
  );
}
