// From graphql's subpaths: its root index loads the whole of graphql-js (parsing, validation,
// execution), which only Apollo needs, and Apollo waits for the first GraphQL request.

import {
  assertValidSchema,
  type GraphQLFieldConfigMap,
  GraphQLObjectType,
  GraphQLSchema,
} from 'graphql/type';
import type { Logger } from 'pino';
import type { AppContainer as Container } from '../../container/app-container';
import type { ErrorBodies } from '../error-body/error-bodies';
import type { RequestContext } from '../http/request-context';
import {
  type Class,
  type ClassMetadata,
  type GuardRegistry,
  type InterceptorRegistry,
  type MethodMetadata,
  metadataRegistry,
  type PipelineHooks,
} from '../kernel';
import type { Tracing } from '../tracing';
import { compileField } from './compile-field';
import { GRAPHQL_FIELD } from './field-metadata';
import { graphqlError } from './graphql-errors';
import { GraphqlTypeMapper } from './type-mapper';

/** What building the schema needs from the application. */
export interface SchemaBuilderEnv {
  container: Container;
  guards: GuardRegistry;
  /** The interceptor kinds modules provide. */
  interceptors?: InterceptorRegistry;
  logger: Logger;
  /** Each resolver call gets a span when set. */
  tracing?: Tracing;
  /** The application's error bodies: errors' `extensions` carry its custom one. */
  errorBodies?: ErrorBodies;
  /** The app's pipeline, whose hooks that join GraphQL calls run in each field. */
  pipeline?: PipelineHooks<any>;
}

type Fields = GraphQLFieldConfigMap<unknown, RequestContext>;

const ROOT_TYPES = { query: 'Query', mutation: 'Mutation', subscription: 'Subscription' } as const;

/** What each root type holds, as the schema describes it. */
const ROOT_DESCRIPTIONS: Record<string, string> = {
  Query: 'What can be read',
  Mutation: 'What can be changed',
  Subscription: 'What can be followed as it happens',
};

function rootType(name: string, fields: Fields): GraphQLObjectType | undefined {
  return Object.keys(fields).length > 0
    ? new GraphQLObjectType({ name, description: ROOT_DESCRIPTIONS[name], fields })
    : undefined;
}

/**
 * Builds the executable GraphQL schema of `resolvers`, once at `ready()`: every `Query`,
 * `Mutation` and `Subscription` method becomes a root field, every `ResolveField` a field of its
 * parent's object type. Two methods claiming one field, a schema with no GraphQL type, a
 * `ResolveField` whose parent no result uses, or an invalid schema fail here, naming the method.
 */
export function buildGraphqlSchema(resolvers: Iterable<Class>, env: SchemaBuilderEnv): GraphQLSchema {
  const { container, guards, interceptors, logger, tracing } = env;
  const fieldEnv = {
    container,
    guards,
    interceptors,
    logger,
    tracing,
    types: new GraphqlTypeMapper(),
    errorBody: env.errorBodies?.app,
    pipeline: env.pipeline,
  };
  const roots = { query: {} as Fields, mutation: {} as Fields, subscription: {} as Fields };
  const owners = new Map<string, string>();
  const rootMethods: [ClassMetadata, MethodMetadata][] = [];
  for (const target of resolvers) {
    const resolver = metadataRegistry.forClass(target);
    for (const method of resolver.methods.values()) {
      const where = `${target.name}.${method.name}`;
      const graphql = method.get(GRAPHQL_FIELD);
      if (!graphql) {
        if (method.params.some((param) => param.kind === 'arg' || param.kind === 'parent'))
          throw graphqlError('TRELLIS_ERR_GRAPHQL_ARG_OUTSIDE_OPERATION', where);
        continue;
      }
      const { operation, parent } = graphql;
      if (method.params.some((param) => param.kind === 'parent') && operation !== 'field')
        throw graphqlError('TRELLIS_ERR_GRAPHQL_PARENT_OUTSIDE_FIELD', where);
      if (operation === 'field') {
        // Types are built while root fields compile: every extension must be known before.
        fieldEnv.types.extend(parent!, method.name, () => compileField(resolver, method, fieldEnv), where);
        continue;
      }
      const field = `${ROOT_TYPES[operation]}.${method.name}`;
      const owner = owners.get(field);
      if (owner) throw graphqlError('TRELLIS_ERR_GRAPHQL_DUPLICATE_FIELD', field, owner, where);
      owners.set(field, where);
      rootMethods.push([resolver, method]);
    }
  }
  for (const [resolver, method] of rootMethods) {
    const operation = method.get(GRAPHQL_FIELD)!.operation as keyof typeof roots;
    roots[operation][method.name] = compileField(resolver, method, fieldEnv);
  }
  if (Object.keys(roots.query).length === 0) throw graphqlError('TRELLIS_ERR_GRAPHQL_NO_QUERY');
  const unused = fieldEnv.types.unusedExtensions();
  if (unused.length > 0) throw graphqlError('TRELLIS_ERR_GRAPHQL_UNUSED_RESOLVE_FIELD', unused.join(', '));
  const schema = new GraphQLSchema({
    query: rootType('Query', roots.query),
    mutation: rootType('Mutation', roots.mutation),
    subscription: rootType('Subscription', roots.subscription),
  });
  assertValidSchema(schema);
  return schema;
}
