import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import type { GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';
import type { AppMetrics } from '../metrics/app-metrics';
import type { RequestContext } from '../routing/request-context';
import { queryLimitRules, type ResolvedGraphqlLimits } from './query-limits';

/** How the Apollo server is set up. */
export interface ApolloSettings {
  introspection: boolean;
  logger: Logger;
  /** Operations are counted by name and outcome when set. */
  metrics?: AppMetrics;
  /** Depth, alias, token and cost limits, checked before execution. */
  limits: ResolvedGraphqlLimits;
}

// Request-scoped instances live for one GraphQL request: released once its response is ready.
function requestScopePlugin(logger: Logger): ApolloServerPlugin<RequestContext> {
  const onError = (err: unknown) => logger.error({ err }, 'request scope disposal failed');
  const listener = {
    async willSendResponse({ contextValue }: { contextValue: RequestContext }) {
      if (contextValue.scope) void contextValue.scope.dispose(onError);
    },
  };
  return { requestDidStart: async () => listener };
}

// Counted once the answer is ready: an error anywhere in it (request or field) is an `error`.
function metricsPlugin(metrics: AppMetrics): ApolloServerPlugin<RequestContext> {
  const listener: Awaited<ReturnType<NonNullable<ApolloServerPlugin<RequestContext>['requestDidStart']>>> = {
    async willSendResponse({ operationName, errors, response }) {
      const body = response.body;
      const fieldErrors = body.kind === 'single' ? body.singleResult.errors : undefined;
      const failed = (errors?.length ?? 0) > 0 || (fieldErrors?.length ?? 0) > 0;
      metrics.graphqlOperation(operationName ?? undefined, failed ? 'error' : 'success');
    },
  };
  return { requestDidStart: async () => listener };
}

/** The Apollo server of a schema; its context is the operation's `RequestContext`. */
export function createApolloServer(
  schema: GraphQLSchema,
  settings: ApolloSettings,
): ApolloServer<RequestContext> {
  const { introspection, logger, limits, metrics } = settings;
  return new ApolloServer<RequestContext>({
    schema,
    introspection,
    logger,
    validationRules: queryLimitRules(limits),
    // The parser stops at the limit: a flood of tokens costs no more than the limit to refuse.
    parseOptions: limits.tokens === false ? undefined : { maxTokens: limits.tokens },
    // Errors carry a code and a message; a stack trace is an internal.
    includeStacktraceInErrorResponses: false,
    // The application's close() stops the server.
    stopOnTerminationSignals: false,
    plugins: [
      // Apollo's landing page loads Apollo Sandbox from a CDN; Trellis serves GraphiQL itself.
      ApolloServerPluginLandingPageDisabled(),
      requestScopePlugin(logger),
      ...(metrics ? [metricsPlugin(metrics)] : []),
    ],
  });
}
