import type { ZodType } from 'zod';
import { metadataKey } from '../kernel';

/** What `Query`, `Mutation`, `Subscription` or `ResolveField` recorded on a resolver method. */
export interface GraphqlFieldMetadata {
  operation: 'query' | 'mutation' | 'subscription' | 'field';
  returns?: ZodType;
  /** For `ResolveField`: the object schema whose GraphQL type gains the field. */
  parent?: ZodType;
}

/** The GraphQL field a resolver method serves: a method holding it is served over GraphQL. */
export const GRAPHQL_FIELD = metadataKey<GraphqlFieldMetadata>('graphql field', { entryPoint: true });
