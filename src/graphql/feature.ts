import type { ApolloServer } from '@apollo/server';
import type { Application } from '../app/application';
import type { EngineName } from '../engine/engine';
import type { RequestContext } from '../routing/request-context';
import type { createApolloServer as CreateApolloServer } from './apollo-server';
import { buildGraphqlSchema } from './build-schema';

type Mount = (app: Application, server: ApolloServer<RequestContext>, path: string) => void;

const DEFAULT_PATH = '/graphql';

/** How each engine serves the Apollo server; each is loaded only on its engine. */
const MOUNTS: Partial<Record<EngineName, Mount>> = {
  express: (...args) => require('./mount-express').mountExpress(...args),
  fastify: (...args) => require('./mount-fastify').mountFastify(...args),
};

/**
 * Serves the application's resolvers with Apollo Server at `/graphql` (or `graphql.path`):
 * the schema is built and the server started at `ready()`, stopped at `close()`.
 * `graphql: false`, or no resolver registered, serves nothing.
 */
export function graphqlFeature(app: Application): void {
  const options = app.options.graphql;
  if (options === false) return;
  let server: ApolloServer<RequestContext> | undefined;
  app.onCompiled(async () => {
    const resolvers = app.classesOf('resolver');
    if (resolvers.length === 0) return;
    const path = options?.path ?? DEFAULT_PATH;
    if (!path.startsWith('/')) throw new Error(`graphql.path must start with '/': '${path}'`);
    const mount = MOUNTS[app.engine.name];
    if (!mount) throw new Error(`GraphQL is not available on the ${app.engine.name} engine`);
    const schema = buildGraphqlSchema(resolvers, app);
    // Apollo is loaded only by apps with resolvers: it is a sizeable part of start-up otherwise.
    const createApolloServer: typeof CreateApolloServer = require('./apollo-server').createApolloServer;
    server = createApolloServer(schema, {
      introspection: options?.introspection ?? process.env.NODE_ENV !== 'production',
      logger: app.logger,
    });
    await server.start();
    mount(app, server, path);
  });
  app.onClose(async () => {
    await server?.stop();
  });
}
