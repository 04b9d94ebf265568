import { GraphQLError, type GraphQLSchema, parse, specifiedRules, validate } from 'graphql';
import { handleProtocols } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import type { Logger } from 'pino';
import { WebSocketServer } from 'ws';
import type { RequestContext } from '../http/request-context';
import { coded } from './coded-graphql-error';
import { queryLimitRules, type ResolvedGraphqlLimits } from './query-limits';
import { subscriptionContext } from './subscription-context';
import type { SubscriptionSessions } from './subscription-sessions';

/** How the graphql-ws server runs. */
export interface SubscriptionServerSettings {
  /** Largest accepted message in bytes. */
  maxPayload: number;
  logger: Logger;
  /** The query limits of HTTP requests, applied to every operation over the socket too. */
  limits: ResolvedGraphqlLimits;
  /** Follows the session of each connection's token, when an authentication guard is installed. */
  sessions?: SubscriptionSessions;
  /** Close connections whose `connection_init` carries no valid token, with 4403. */
  requireAuth: boolean;
  /** Operations one connection may run at once. */
  maxOperations: number;
}

/** A graphql-ws server on a `ws` server without its own port: upgrades are handed to it. */
export interface SubscriptionServer {
  wss: WebSocketServer;
  dispose(): Promise<void>;
}

const ignore = () => {};

/**
 * Serves `schema` over the graphql-ws protocol: queries, mutations and subscriptions, each with
 * the `RequestContext` of its connection (see `subscriptionContext`). Each operation's request
 * scope is released when it completes (a subscription's also when its stream ends).
 */
export function createSubscriptionServer(
  schema: GraphQLSchema,
  settings: SubscriptionServerSettings,
): SubscriptionServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: settings.maxPayload, handleProtocols });
  const operations = new WeakMap<object, Map<string, RequestContext>>();
  const rules = [...specifiedRules, ...queryLimitRules(settings.limits)];
  const maxTokens = settings.limits.tokens || undefined;
  const { sessions, requireAuth, maxOperations } = settings;
  const server = useServer(
    {
      schema,
      // Once per connection, before the ack: an operation never runs on an unfollowed session.
      // false closes the connection with 4403, as graphql-ws does for a refused connection_init.
      onConnect: sessions
        ? async (ctx) => {
            const followed = await sessions.follow(ctx.extra.socket, ctx.extra.request, ctx.connectionParams);
            return followed || !requireAuth;
          }
        : undefined,
      // Parsed and validated here, as over HTTP: the token limit stops the parser early, and the
      // depth, alias and cost rules refuse an operation with a GraphQL error before it runs.
      onSubscribe(ctx, _id, payload) {
        // graphql-ws lists every operation from its subscribe message to its end, this one included.
        if (Object.keys(ctx.subscriptions).length > maxOperations)
          return [
            new GraphQLError(`More than ${maxOperations} operations at once on this connection`, {
              extensions: { code: 'TOO_MANY_REQUESTS' },
            }),
          ];
        let document: ReturnType<typeof parse>;
        try {
          document = parse(payload.query, { maxTokens });
        } catch (err) {
          if (err instanceof GraphQLError) return [coded(err, 'GRAPHQL_PARSE_FAILED')];
          throw err;
        }
        const errors = validate(schema, document, rules);
        if (errors.length > 0) return errors.map((error) => coded(error, 'GRAPHQL_VALIDATION_FAILED'));
        return {
          schema,
          document,
          variableValues: payload.variables,
          operationName: payload.operationName,
        };
      },
      context(ctx, id) {
        const context = subscriptionContext(ctx.extra.request, ctx.connectionParams);
        let open = operations.get(ctx);
        if (!open) {
          open = new Map();
          operations.set(ctx, open);
        }
        open.set(id, context);
        return context as never;
      },
      onComplete(ctx, id) {
        const context = operations.get(ctx)?.get(id);
        operations.get(ctx)?.delete(id);
        void context?.scope?.dispose(ignore);
      },
      onClose(ctx) {
        for (const context of operations.get(ctx)?.values() ?? []) void context.scope?.dispose(ignore);
        operations.delete(ctx);
      },
    },
    wss,
  );
  wss.on('error', (err) => settings.logger.error({ err }, 'GraphQL WebSocket server failed'));
  return { wss, dispose: () => server.dispose() as Promise<void> };
}
