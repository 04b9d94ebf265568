import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import type { GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';
import type { RequestContext } from '../http/request-context';
import type { AppMetrics } from '../metrics';
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

const GUARD_REFUSALS = new Set([401, 403]);

// A guard's refusal of any field: the client was not entitled to run what it named.
function refusedByGuard(errors: readonly { extensions?: Record<string, unknown> }[] | undefined): boolean {
  return errors?.some((err) => GUARD_REFUSALS.has(err.extensions?.statusCode as number)) ?? false;
}

// Counted once the answer is ready: an error anywhere in it (request or field) is an `error`. Its
// name is a label only when the operation passed validation and its guards: names are the client's
// own text, and junk from anyone would otherwise use up the budget of names real operations need.
function metricsPlugin(metrics: AppMetrics): ApolloServerPlugin<RequestContext> {
  return {
    requestDidStart: async () => {
      let validated = false;
      return {
        async didResolveOperation() {
          validated = true;
        },
        async willSendResponse({ operationName, errors, response }) {
          const body = response.body;
          const fieldErrors = body.kind === 'single' ? body.singleResult.errors : undefined;
          const failed = (errors?.length ?? 0) > 0 || (fieldErrors?.length ?? 0) > 0;
          const accepted = validated && !refusedByGuard(errors) && !refusedByGuard(fieldErrors);
          metrics.graphqlOperation(operationName ?? undefined, failed ? 'error' : 'success', accepted);
        },
      };
    },
  };
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
