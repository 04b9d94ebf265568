import type { Class, ModuleHost, TrellisFeature } from '../kernel';
import { BROADCASTER, type Broadcaster } from '../websocket';
import type { ApolloLoader } from './apollo-loader';
import { describeResolvers } from './describe-resolvers';
import type { GraphqlOptions } from './graphql-options';
import { GRAPHQL_OPTIONS_SCHEMA } from './graphql-options-schema';
import { resolveGraphqlLimits } from './query-limits';
import { RESOLVER_ROLE } from './resolver-role';
import type * as ServeGraphql from './serve-graphql';
import type { SubscriptionEndpoint } from './subscription-endpoint';
import { SubscriptionPublisher } from './subscription-publisher';

function install(app: ModuleHost, options: GraphqlOptions | false | undefined): void {
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
    // Apollo's loader, the HTTP handler, the IDE and the subscription endpoint are loaded by an
    // application that has resolvers.
    const { serveGraphql } = require('./serve-graphql') as typeof ServeGraphql;
    ({ apollo, subscriptions } = serveGraphql(app, options, resolvers, limits, (noted) => {
      served = noted;
    }));
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
