export { DateTimeScalar } from './date-time-scalar';
export { graphqlFeature } from './feature';
export type { GraphqlFieldContext } from './field-context';
export { SubscriptionPublisher } from './subscription-publisher';
