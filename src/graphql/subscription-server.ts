import type { GraphQLSchema } from 'graphql';
import { handleProtocols } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import type { Logger } from 'pino';
import { WebSocketServer } from 'ws';
import type { RequestContext } from '../routing/request-context';
import { subscriptionContext } from './subscription-context';

/** How the graphql-ws server runs. */
export interface SubscriptionServerSettings {
  /** Largest accepted message in bytes. */
  maxPayload: number;
  logger: Logger;
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
  const server = useServer(
    {
      schema,
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
