import type { GraphQLFieldConfig, GraphQLFieldConfigArgumentMap } from 'graphql';
import type { Logger } from 'pino';
import type { AppContainer as Container } from '../../container/app-container';
import type { ErrorBodyWriter } from '../error-body/error-body-writer';
import type { RequestContext } from '../http/request-context';
import {
  type ClassMetadata,
  callHookSteps,
  compileInvocation,
  type GuardRegistry,
  type GuardSite,
  type HTTPException,
  type InterceptorRegistry,
  isSchema,
  locatedError,
  type MethodMetadata,
  nestArounds,
  type PipelineHooks,
} from '../kernel';
import { reportFailure } from '../logging/report-failure';
import type { TraceAttributes, Tracing } from '../tracing';
import { GraphqlFieldContext } from './field-context';
import { GRAPHQL_FIELD } from './field-metadata';
import { toGraphqlError } from './graphql-error';
import { graphqlError, SubscriptionNotIterableError } from './graphql-errors';
import { GRAPHQL_READERS } from './graphql-readers';
import { releasingScope } from './releasing-scope';
import type { GraphqlTypeMapper } from './type-mapper';
import { argumentHint, resultHint } from './type-names';

/** What compiling a resolver method needs from the application. */
export interface FieldCompilerEnv {
  container: Container;
  guards: GuardRegistry;
  /** The interceptor kinds modules provide. */
  interceptors?: InterceptorRegistry;
  logger: Logger;
  types: GraphqlTypeMapper;
  tracing?: Tracing;
  /** The app's pipeline: the hooks that join GraphQL calls run around and in each field. */
  pipeline?: PipelineHooks<any>;
  /** The application's error body, for the `extensions` of errors; default the reference one. */
  errorBody?: ErrorBodyWriter;
}

type Resolve = (
  source: unknown,
  args: Record<string, unknown>,
  operation: RequestContext,
) => Promise<unknown>;

// The span of a root field names its root type; a resolved field names its resolver class.
const SPAN_TYPES: Record<string, string> = { query: 'Query', mutation: 'Mutation' };

// A resolver call as a child span of its operation's request.
function traced(tracing: Tracing, name: string, attributes: TraceAttributes, resolve: Resolve): Resolve {
  return async (source, args, operation) => {
    const step = tracing.step(operation, name, attributes);
    try {
      const value = await step.run(() => resolve(source, args, operation));
      step.end();
      return value;
    } catch (err) {
      step.end(err);
      throw err;
    }
  };
}

function argumentTypes(method: MethodMetadata, types: GraphqlTypeMapper) {
  const args: GraphQLFieldConfigArgumentMap = {};
  // Parameter decorators run last-first: sorting keeps the arguments in declaration order.
  for (const param of [...method.params].sort((a, b) => a.index - b.index)) {
    if (param.kind !== 'arg' || param.name === undefined) continue;
    const label = `@Arg('${param.name}')`;
    if (!isSchema(param.schema)) throw graphqlError('TRELLIS_ERR_GRAPHQL_ARG_SCHEMA', label);
    if (args[param.name]) throw graphqlError('TRELLIS_ERR_GRAPHQL_DUPLICATE_ARG', label);
    args[param.name] = types.input(param.schema, argumentHint(method.name, param.name), label);
  }
  return args;
}

const LABELS = {
  query: '@Query()',
  mutation: '@Mutation()',
  subscription: '@Subscription()',
  field: '@ResolveField()',
} as const;

function returnType(method: MethodMetadata, types: GraphqlTypeMapper) {
  const { operation, returns } = method.get(GRAPHQL_FIELD)!;
  if (!isSchema(returns)) throw graphqlError('TRELLIS_ERR_GRAPHQL_RETURNS_SCHEMA', LABELS[operation]);
  return types.output(returns, resultHint(method.name), 'returns');
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof (value as AsyncIterable<unknown> | null)?.[Symbol.asyncIterator] === 'function';
}

/**
 * Compiles one `Query`/`Mutation`/`ResolveField` method into a GraphQL field: its type and
 * arguments from the zod schemas, and a resolver that runs guards -> argument validation ->
 * container resolution -> method, the same path as an HTTP route. A `Subscription` runs that
 * path once per subscription, in `subscribe`, and sends each event its stream yields as is.
 */
export function compileField(
  resolver: ClassMetadata,
  method: MethodMetadata,
  env: FieldCompilerEnv,
): GraphQLFieldConfig<unknown, RequestContext> {
  const where = `${resolver.target.name}.${method.name}`;
  let field: GraphQLFieldConfig<unknown, RequestContext>;
  try {
    field = { ...returnType(method, env.types), args: argumentTypes(method, env.types) };
  } catch (err) {
    throw locatedError(err, where);
  }
  const site: GuardSite = {
    className: resolver.target.name,
    methodName: method.name,
    transport: 'graphql',
    container: env.container,
  };
  const hooks = callHookSteps<GraphqlFieldContext>(env.pipeline, {
    transport: 'graphql',
    handler: method,
    where,
    container: env.container,
    path: where,
  });
  // The field's span is its own (below): guards and method run inside it, without spans of their own.
  const invoke = nestArounds(
    hooks.onRequest,
    compileInvocation(
      {
        owner: resolver,
        method,
        guards: [...resolver.guards, ...method.guards],
        readers: GRAPHQL_READERS,
        site,
        checks: hooks.guard,
        intercept: hooks.preHandler,
      },
      { container: env.container, guards: env.guards, interceptors: env.interceptors },
    ),
  );
  const { logger, errorBody } = env;
  const onServerError = (operation: RequestContext) => (exception: HTTPException) =>
    reportFailure(logger, exception, { resolver: where }, 'resolver failed', operation);

  const run = async (source: unknown, args: Record<string, unknown>, operation: RequestContext) =>
    invoke(new GraphqlFieldContext(operation, args, source));
  const description = method.description ?? method.summary;

  if (method.get(GRAPHQL_FIELD)!.operation === 'subscription') {
    return {
      ...field,
      description,
      async subscribe(source, args, operation) {
        try {
          const stream = await run(source, args, operation);
          if (!isAsyncIterable(stream)) throw new SubscriptionNotIterableError(where);
          // A stream failing later is answered and reported like a resolver failing now.
          return releasingScope(stream, operation, (err) =>
            toGraphqlError(err, onServerError(operation), errorBody, operation),
          );
        } catch (err) {
          throw toGraphqlError(err, onServerError(operation), errorBody, operation);
        }
      },
      resolve: (event) => event,
    };
  }
  const resolve = async (source: unknown, args: Record<string, unknown>, operation: RequestContext) => {
    try {
      return await run(source, args, operation);
    } catch (err) {
      throw toGraphqlError(err, onServerError(operation), errorBody, operation);
    }
  };
  const { tracing } = env;
  const spanName = `resolve ${SPAN_TYPES[method.get(GRAPHQL_FIELD)!.operation] ?? resolver.target.name}.${method.name}`;
  const attributes = { 'graphql.field.name': method.name, 'code.function': where };
  return {
    ...field,
    description,
    // Chosen here: without tracing, a resolver call never looks for a tracer.
    resolve: tracing ? traced(tracing, spanName, attributes, resolve) : resolve,
  };
}
