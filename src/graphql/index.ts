export { DateTimeScalar } from './date-time-scalar';
export type { GraphqlFieldContext } from './field-context';
export { GRAPHQL_FIELD } from './field-metadata';
export { GRAPHQL_ERRORS } from './graphql-errors';
export { graphqlModule } from './graphql-module';
export type { GraphqlOptions, GraphqlSubscriptionOptions } from './graphql-options';
export { DEFAULT_GRAPHQL_LIMITS, type GraphqlLimits } from './query-limits';
export { RESOLVER_ROLE } from './resolver-role';
export { SubscriptionPublisher } from './subscription-publisher';
