import type { GraphQLFieldConfig, GraphQLFieldConfigArgumentMap } from 'graphql';
import type { Container } from 'inversify';
import type { Logger } from 'pino';
import { planResolution } from '../../container/resolution-plan';
import { compileGuards } from '../guards/compile-guards';
import type { GuardRegistry, GuardSite } from '../guards/guard-registry';
import { runGuards } from '../guards/run-guards';
import type { ClassMetadata, MethodMetadata } from '../metadata/types';
import { requestLogger } from '../observability/request-logger';
import { compileArguments } from '../routing/compile-arguments';
import type { RequestContext } from '../routing/request-context';
import type { Tracing } from '../tracing/tracing';
import { isSchema } from '../validation/is-schema';
import { GraphqlFieldContext } from './field-context';
import { toGraphqlError } from './graphql-error';
import { GRAPHQL_READERS } from './graphql-readers';
import type { GraphqlTypeMapper } from './type-mapper';
import { argumentHint, resultHint } from './type-names';

/** What compiling a resolver method needs from the application. */
export interface FieldCompilerEnv {
  container: Container;
  guards: GuardRegistry;
  logger: Logger;
  types: GraphqlTypeMapper;
  tracing?: Tracing;
}

type Handler = (...args: unknown[]) => unknown;

function argumentTypes(method: MethodMetadata, types: GraphqlTypeMapper) {
  const args: GraphQLFieldConfigArgumentMap = {};
  for (const param of method.params) {
    if (param.kind !== 'arg') continue;
    const label = `@Arg('${param.name}')`;
    if (!isSchema(param.schema)) throw new Error(`${label} needs a zod schema`);
    if (args[param.name]) throw new Error(`${label} is declared twice`);
    args[param.name] = types.input(param.schema, argumentHint(method.name, param.name), label);
  }
  return args;
}

function returnType(method: MethodMetadata, types: GraphqlTypeMapper) {
  const { operation, returns } = method.graphql!;
  const label = operation === 'query' ? '@Query()' : '@Mutation()';
  if (!isSchema(returns)) throw new Error(`${label} needs the zod schema of what it returns`);
  return types.output(returns, resultHint(method.name), 'returns');
}

/**
 * Compiles one `Query`/`Mutation` method into a GraphQL field: its type and arguments from the
 * zod schemas, and a resolver that runs guards -> argument validation -> container resolution
 * -> method, the same path as an HTTP route.
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
    throw new Error(`${where}: ${(err as Error).message}`, { cause: err });
  }
  const site: GuardSite = {
    className: resolver.target.name,
    methodName: method.name,
    transport: 'graphql',
    container: env.container,
  };
  const checks = compileGuards([...resolver.guards, ...method.guards], env.guards, site);
  const buildArguments = compileArguments(method.params, GRAPHQL_READERS, site, env.container);
  const resolveInstance = planResolution(env.container, resolver.target);
  const handler = resolver.target.prototype[method.name] as Handler;
  const { logger } = env;

  const run = async (ctx: GraphqlFieldContext): Promise<unknown> => {
    const onServerError = (err: unknown) =>
      requestLogger(ctx, logger).error({ err, resolver: where }, 'resolver failed');
    try {
      if (checks.length > 0) await runGuards(checks, ctx);
      const built = buildArguments(ctx);
      const values = Array.isArray(built) ? built : await built;
      return await handler.apply(resolveInstance(ctx), values);
    } catch (err) {
      throw toGraphqlError(err, onServerError);
    }
  };
  const { tracing } = env;
  const spanName = `resolve ${method.graphql!.operation === 'query' ? 'Query' : 'Mutation'}.${method.name}`;
  const attributes = { 'graphql.field.name': method.name, 'code.function': where };

  return {
    ...field,
    description: method.description ?? method.summary,
    // Chosen here: without tracing, a resolver call never looks for a tracer.
    resolve: tracing
      ? async (_source, args, operation) => {
          const ctx = new GraphqlFieldContext(operation, args);
          const step = tracing.step(ctx, spanName, attributes);
          try {
            const value = await step.run(() => run(ctx));
            step.end();
            return value;
          } catch (err) {
            step.end(err);
            throw err;
          }
        }
      : (_source, args, operation) => run(new GraphqlFieldContext(operation, args)),
  };
}
