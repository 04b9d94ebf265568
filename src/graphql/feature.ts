import type { Application } from '../app/application';
import type { EngineName } from '../engine/engine';
import { requireInstalled } from '../optional/load-optional';
import { ApolloLoader } from './apollo-loader';
import { buildGraphqlSchema } from './build-schema';

type Mount = (app: Application, apollo: ApolloLoader, path: string) => void;

const DEFAULT_PATH = '/graphql';

/** The optional packages GraphQL loads on each engine, checked at ready() though loaded later. */
const PACKAGES: Record<EngineName, string[]> = {
  express: ['@apollo/server', '@as-integrations/express5'],
  fastify: ['@apollo/server', '@as-integrations/fastify'],
};

/** How each engine serves the Apollo server; each is loaded only on its engine. */
const MOUNTS: Partial<Record<EngineName, Mount>> = {
  express: (...args) => require('./mount-express').mountExpress(...args),
  fastify: (...args) => require('./mount-fastify').mountFastify(...args),
};

/**
 * Serves the application's resolvers with Apollo Server at `/graphql` (or `graphql.path`): the
 * schema is built at `ready()`, Apollo is loaded and started by the first GraphQL request and
 * stopped at `close()`. `graphql: false`, or no resolver registered, serves nothing.
 */
export function graphqlFeature(app: Application): void {
  const options = app.options.graphql;
  if (options === false) return;
  let apollo: ApolloLoader | undefined;
  app.onCompiled(() => {
    const resolvers = app.classesOf('resolver');
    if (resolvers.length === 0) return;
    const path = options?.path ?? DEFAULT_PATH;
    if (!path.startsWith('/')) throw new Error(`graphql.path must start with '/': '${path}'`);
    const mount = MOUNTS[app.engine.name];
    if (!mount) throw new Error(`GraphQL is not available on the ${app.engine.name} engine`);
    for (const name of PACKAGES[app.engine.name]) requireInstalled(name, 'GraphQL (@Resolver classes)');
    apollo = new ApolloLoader(buildGraphqlSchema(resolvers, app), {
      introspection: options?.introspection ?? process.env.NODE_ENV !== 'production',
      logger: app.logger,
      metrics: app.metrics,
    });
    mount(app, apollo, path);
  });
  app.onClose(async () => {
    await apollo?.stop();
  });
}
