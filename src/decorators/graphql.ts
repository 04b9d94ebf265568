import type { ZodType } from 'zod';
import { metadataRegistry } from '../metadata/registry';
import { markInjectable } from './mark-injectable';

/** Declares a GraphQL resolver class; its `Query` and `Mutation` methods become schema fields. */
export function Resolver(): ClassDecorator {
  return (target) => {
    metadataRegistry.forClass(target).role = 'resolver';
    markInjectable(target);
  };
}

/** A GraphQL mutation returning `returns`. */
export function Mutation(returns?: ZodType): MethodDecorator {
  return (target, key) => {
    metadataRegistry.forMethod(target.constructor, key).graphql = { operation: 'mutation', returns };
  };
}
