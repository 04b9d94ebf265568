import type { ApolloServer } from '@apollo/server';
import type { GraphQLSchema } from 'graphql';
import type { RequestContext } from '../http/request-context';
import type { ApolloSettings, createApolloServer as CreateApolloServer } from './apollo-server';

/**
 * The Apollo server of a schema, loaded and started by the first GraphQL request: Apollo is a
 * tenth of a second of start-up, which an application should not pay before its first answer.
 * The schema itself is built and checked at `ready()`, so a broken resolver still fails there.
 */
export class ApolloLoader {
  private starting?: Promise<ApolloServer<RequestContext>>;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly settings: ApolloSettings,
  ) {}

  /** The started server; the first call loads and starts it, a failed start is tried again. */
  server(): Promise<ApolloServer<RequestContext>> {
    this.starting ??= this.start().catch((err: unknown) => {
      this.starting = undefined;
      throw err;
    });
    return this.starting;
  }

  /** Stops the server if it was started. */
  async stop(): Promise<void> {
    const starting = this.starting;
    this.starting = undefined;
    if (starting) await (await starting.catch(() => undefined))?.stop();
  }

  private async start(): Promise<ApolloServer<RequestContext>> {
    const createApolloServer: typeof CreateApolloServer = require('./apollo-server').createApolloServer;
    const server = createApolloServer(this.schema, this.settings);
    await server.start();
    return server;
  }
}
