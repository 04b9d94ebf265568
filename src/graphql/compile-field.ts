import type { GraphQLFieldConfig, GraphQLFieldConfigArgumentMap } from 'graphql';
import type { Container } from 'inversify';
import type { Logger } from 'pino';
import { planResolution } from '../../container/resolution-plan';
import { compileGuards } from '../guards/compile-guards';
import type { GuardRegistry, GuardSite } from '../guards/guard-registry';
import { runGuards } from '../guards/run-guards';
import type { ClassMetadata, MethodMetadata } from '../metadata/types';
import { compileArguments } from '../routing/compile-arguments';
import type { RequestContext } from '../routing/request-context';
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
}

type Handler = (...args: unknown[]) => unknown;

function argumentTypes(method: MethodMetadata, types: GraphqlTypeMapper) {
  const args: GraphQLFieldConfigArgumentMap = {};
  // Parameter decorators run last-first: sorting keeps the arguments in declaration order.
  for (const param of [...method.params].sort((a, b) => a.index - b.index)) {
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
  const onServerError = (err: unknown) => logger.error({ err, resolver: where }, 'resolver failed');

  return {
    ...field,
    description: method.description ?? method.summary,
    async resolve(_source, args, operation) {
      const ctx = new GraphqlFieldContext(operation, args);
      try {
        if (checks.length > 0) await runGuards(checks, ctx);
        const built = buildArguments(ctx);
        const values = Array.isArray(built) ? built : await built;
        return await handler.apply(resolveInstance(ctx), values);
      } catch (err) {
        throw toGraphqlError(err, onServerError);
      }
    },
  };
}
