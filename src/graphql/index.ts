export { DateTimeScalar } from './date-time-scalar';
export { graphqlModule } from './graphql-module';
export type { GraphqlFieldContext } from './field-context';
export { DEFAULT_GRAPHQL_LIMITS, type GraphqlLimits } from './query-limits';
export { SubscriptionPublisher } from './subscription-publisher';
