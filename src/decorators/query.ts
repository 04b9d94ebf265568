import type { ZodType } from 'zod';
import { GRAPHQL_FIELD } from '../graphql';
import { metadataRegistry } from '../kernel';
import { recordParam } from './params';

/**
 * On a parameter: the query string, validated by `schema` (values arrive as strings).
 * On a resolver method: a GraphQL query returning `schema`.
 */
export function Query(schema?: ZodType): ParameterDecorator & MethodDecorator {
  return ((target: object, key: string | symbol | undefined, indexOrDescriptor: unknown) => {
    if (typeof indexOrDescriptor === 'number') {
      recordParam({ kind: 'query', schema })(target, key, indexOrDescriptor);
      return;
    }
    metadataRegistry
      .forMethod(target.constructor, key!)
      .set(GRAPHQL_FIELD, { operation: 'query', returns: schema });
  }) as ParameterDecorator & MethodDecorator;
}
