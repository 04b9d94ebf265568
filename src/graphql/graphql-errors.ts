import { createError, errorFactory } from '../kernel';

/** The GraphQL schema's configuration errors: code and message template, each documented in docs/errors.md. */
export const GRAPHQL_ERRORS = {
  TRELLIS_ERR_GRAPHQL_NO_QUERY: () =>
    'GraphQL needs at least one @Query() method in the registered resolvers',
  TRELLIS_ERR_GRAPHQL_ARG_OUTSIDE_OPERATION: (where: string) =>
    `${where} has @Arg() or @Parent() parameters but declares no GraphQL field`,
  TRELLIS_ERR_GRAPHQL_PARENT_OUTSIDE_FIELD: (where: string) =>
    `${where}: @Parent() is only for @ResolveField() methods`,
  TRELLIS_ERR_GRAPHQL_UNUSED_RESOLVE_FIELD: (parents: string) =>
    `@ResolveField() on a parent schema that no result uses: ${parents}`,
  TRELLIS_ERR_GRAPHQL_DUPLICATE_FIELD: (field: string, owner: string, where: string) =>
    `${field} is declared twice: by ${owner} and by ${where}`,
  TRELLIS_ERR_GRAPHQL_PARENT_NOT_OBJECT: (where: string) =>
    `${where}: the parent of a field must be a zod object schema`,
  TRELLIS_ERR_GRAPHQL_DUPLICATE_RESOLVE_FIELD: (where: string, name: string) =>
    `${where}: the field '${name}' is resolved twice`,
  TRELLIS_ERR_GRAPHQL_ARG_SCHEMA: (label: string) => `${label} needs a zod schema`,
  TRELLIS_ERR_GRAPHQL_DUPLICATE_ARG: (label: string) => `${label} is declared twice`,
  TRELLIS_ERR_GRAPHQL_RETURNS_SCHEMA: (label: string) => `${label} needs the zod schema of what it returns`,
  TRELLIS_ERR_GRAPHQL_NO_TYPE: (path: string, what: string, direction?: 'input' | 'output') =>
    `${path}: ${what} has no GraphQL ${direction ? `${direction} ` : ''}type`,
  TRELLIS_ERR_GRAPHQL_TYPE_NAME_TAKEN: (name: string) =>
    `two different schemas are named '${name}' (or it is reserved): give one another id`,
};

/** Builds the `TrellisError` of one of these codes from its message template's arguments. */
export const graphqlError = errorFactory(GRAPHQL_ERRORS);

/** A `Subscription` method that returned no stream of events. */
export const SubscriptionNotIterableError = createError(
  'TRELLIS_ERR_GRAPHQL_SUBSCRIPTION_NOT_ITERABLE',
  (where: string) => `${where} returned no AsyncIterable`,
);

/** A subscription payload JSON cannot carry. */
export const PayloadNotJsonError = createError(
  'TRELLIS_ERR_GRAPHQL_PAYLOAD_NOT_JSON',
  'A subscription payload must be JSON-serialisable',
  undefined,
  TypeError,
);
