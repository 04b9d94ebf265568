export { type ContractMethod, type ContractRoute, type ContractRoutes, contract } from './contract-route';
export type {
  ContractController,
  ContractRequest,
  ContractResponse,
  HandlerResult,
  ParametersMatch,
} from './contract-types';
export { ErrorBodySchema, ValidationErrorBodySchema } from './error-body-schema';
export {
  IdempotencyKeyHeaderSchema,
  type IdempotentRoute,
  type IdempotentRouteOptions,
  idempotent,
} from './idempotent-route';
