// From graphql's subpaths: its root index loads the whole of graphql-js (parsing, validation,
// execution), which only Apollo needs, and Apollo waits for the first GraphQL request.
import {
  assertValidSchema,
  type GraphQLFieldConfigMap,
  GraphQLObjectType,
  GraphQLSchema,
} from 'graphql/type';
import type { Container } from 'inversify';
import type { Logger } from 'pino';
import type { GuardRegistry } from '../guards/guard-registry';
import { metadataRegistry } from '../metadata/registry';
import type { Class } from '../metadata/types';
import type { RequestContext } from '../routing/request-context';
import type { Tracing } from '../tracing/tracing';
import { compileField } from './compile-field';
import { GraphqlTypeMapper } from './type-mapper';

/** What building the schema needs from the application. */
export interface SchemaBuilderEnv {
  container: Container;
  guards: GuardRegistry;
  logger: Logger;
  /** Each resolver call gets a span when set. */
  tracing?: Tracing;
}

type Fields = GraphQLFieldConfigMap<unknown, RequestContext>;

/**
 * Builds the executable GraphQL schema of `resolvers`, once at `ready()`: every `Query` and
 * `Mutation` method becomes a root field. Two methods claiming one field, a schema with no
 * GraphQL type or an invalid schema fail here with a message naming the method.
 */
export function buildGraphqlSchema(resolvers: Iterable<Class>, env: SchemaBuilderEnv): GraphQLSchema {
  const { container, guards, logger, tracing } = env;
  const fieldEnv = { container, guards, logger, tracing, types: new GraphqlTypeMapper() };
  const roots = { query: {} as Fields, mutation: {} as Fields };
  const owners = new Map<string, string>();
  for (const target of resolvers) {
    const resolver = metadataRegistry.forClass(target);
    for (const method of resolver.methods.values()) {
      const where = `${target.name}.${method.name}`;
      if (!method.graphql) {
        if (method.params.some((param) => param.kind === 'arg'))
          throw new Error(`${where} has @Arg() parameters but is neither a @Query() nor a @Mutation()`);
        continue;
      }
      const { operation } = method.graphql;
      const field = `${operation === 'query' ? 'Query' : 'Mutation'}.${method.name}`;
      const owner = owners.get(field);
      if (owner) throw new Error(`${field} is declared twice: by ${owner} and by ${where}`);
      owners.set(field, where);
      roots[operation][method.name] = compileField(resolver, method, fieldEnv);
    }
  }
  if (Object.keys(roots.query).length === 0)
    throw new Error('GraphQL needs at least one @Query() method in the registered resolvers');
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: roots.query }),
    mutation:
      Object.keys(roots.mutation).length > 0
        ? new GraphQLObjectType({ name: 'Mutation', fields: roots.mutation })
        : undefined,
  });
  assertValidSchema(schema);
  return schema;
}
