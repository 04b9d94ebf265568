export { DateTimeScalar } from './date-time-scalar';
export type { GraphqlFieldContext } from './field-context';
export { graphqlModule } from './graphql-module';
export { DEFAULT_GRAPHQL_LIMITS, type GraphqlLimits } from './query-limits';
export { SubscriptionPublisher } from './subscription-publisher';
