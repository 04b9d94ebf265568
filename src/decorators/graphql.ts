import type { ZodType } from 'zod';
import { GRAPHQL_FIELD, RESOLVER_ROLE } from '../graphql';
import { metadataRegistry } from '../kernel';
import { markInjectable } from './mark-injectable';
import { recordParam } from './params';

/**
 * Declares a GraphQL resolver class; its `Query`, `Mutation`, `Subscription` and `ResolveField`
 * methods become schema fields.
 */
export function Resolver(): ClassDecorator {
  return (target) => {
    metadataRegistry.forClass(target).role = RESOLVER_ROLE.name;
    markInjectable(target);
  };
}

/** A GraphQL mutation returning `returns`. */
export function Mutation(returns?: ZodType): MethodDecorator {
  return (target, key) => {
    metadataRegistry
      .forMethod(target.constructor, key)
      .set(GRAPHQL_FIELD, { operation: 'mutation', returns });
  };
}

/**
 * A GraphQL subscription over graphql-ws: the method runs once per subscription (guards and
 * arguments first) and returns an `AsyncIterable` whose values, each shaped by `returns`, are
 * the events sent, typically `SubscriptionPublisher.subscribe(topic)`.
 * @example @Subscription(TaskSchema) @Permissions('tasks.read') taskCreated() { return this.events.subscribe('taskCreated'); }
 */
export function Subscription(returns: ZodType): MethodDecorator {
  return (target, key) => {
    metadataRegistry
      .forMethod(target.constructor, key)
      .set(GRAPHQL_FIELD, { operation: 'subscription', returns });
  };
}

/**
 * A field of the GraphQL object type of `parent` (a zod object schema used in some result),
 * named after the method and returning `returns`; it replaces a field of the same name from the
 * schema's shape. The method gets the parent object through `Parent()`, and may take `Arg`s,
 * `Depends` (a request-scoped loader batches the rows of one operation) and guards.
 * @example @ResolveField(TaskSchema, UserSchema.nullable()) assignee(@Parent() task: Task, @Depends(UserLoader) users: UserLoader) { ... }
 */
export function ResolveField(parent: ZodType, returns: ZodType): MethodDecorator {
  return (target, key) => {
    metadataRegistry
      .forMethod(target.constructor, key)
      .set(GRAPHQL_FIELD, { operation: 'field', returns, parent });
  };
}

/** In a `ResolveField` method: the object whose field is being resolved. */
export function Parent(): ParameterDecorator {
  return recordParam({ kind: 'parent' });
}
