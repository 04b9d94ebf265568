import { GraphQLError, type GraphQLSchema, parse, specifiedRules, validate } from 'graphql';
import { handleProtocols } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import type { Logger } from 'pino';
import { WebSocketServer } from 'ws';
import type { RequestContext } from '../routing/request-context';
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
  const { sessions } = settings;
  const server = useServer(
    {
      schema,
      // Once per connection, before the ack: an operation never runs on an unfollowed session.
      onConnect: sessions
        ? async (ctx) => {
            await sessions.follow(ctx.extra.socket, ctx.extra.request, ctx.connectionParams);
            return true;
          }
        : undefined,
      // Parsed and validated here, as over HTTP: the token limit stops the parser early, and the
      // depth, alias and cost rules refuse an operation with a GraphQL error before it runs.
      onSubscribe(_ctx, _id, payload) {
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
