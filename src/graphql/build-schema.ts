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
import { trellisError } from '../errors/trellis-errors';
import type { GuardRegistry } from '../guards/guard-registry';
import { metadataRegistry } from '../metadata/registry';
import type { Class } from '../metadata/types';
import type { RequestContext } from '../routing/request-context';
import { compileField } from './compile-field';
import { GraphqlTypeMapper } from './type-mapper';

/** What building the schema needs from the application. */
export interface SchemaBuilderEnv {
  container: Container;
  guards: GuardRegistry;
  logger: Logger;
}

type Fields = GraphQLFieldConfigMap<unknown, RequestContext>;

/**
 * Builds the executable GraphQL schema of `resolvers`, once at `ready()`: every `Query` and
 * `Mutation` method becomes a root field. Two methods claiming one field, a schema with no
 * GraphQL type or an invalid schema fail here with a message naming the method.
 */
export function buildGraphqlSchema(resolvers: Iterable<Class>, env: SchemaBuilderEnv): GraphQLSchema {
  const { container, guards, logger } = env;
  const fieldEnv = { container, guards, logger, types: new GraphqlTypeMapper() };
  const roots = { query: {} as Fields, mutation: {} as Fields };
  const owners = new Map<string, string>();
  for (const target of resolvers) {
    const resolver = metadataRegistry.forClass(target);
    for (const method of resolver.methods.values()) {
      const where = `${target.name}.${method.name}`;
      if (!method.graphql) {
        if (method.params.some((param) => param.kind === 'arg'))
          throw trellisError('TRELLIS_ERR_GRAPHQL_ARG_OUTSIDE_OPERATION', where);
        continue;
      }
      const { operation } = method.graphql;
      const field = `${operation === 'query' ? 'Query' : 'Mutation'}.${method.name}`;
      const owner = owners.get(field);
      if (owner) throw trellisError('TRELLIS_ERR_GRAPHQL_DUPLICATE_FIELD', field, owner, where);
      owners.set(field, where);
      roots[operation][method.name] = compileField(resolver, method, fieldEnv);
    }
  }
  if (Object.keys(roots.query).length === 0) throw trellisError('TRELLIS_ERR_GRAPHQL_NO_QUERY');
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
