export {
  type ContractMethod,
  type ContractResponses,
  type ContractRoute,
  type ContractRoutes,
  type ContractSchema,
  contract,
} from './contract-route';
export type {
  ContractController,
  ContractRequest,
  ContractResponse,
  HandlerResult,
  MaybePromise,
  ParametersMatch,
} from './contract-types';
export { ErrorBodySchema, ValidationErrorBodySchema } from './error-body-schema';
export {
  IdempotencyKeyHeaderSchema,
  type IdempotentRoute,
  type IdempotentRouteOptions,
  idempotent,
} from './idempotent-route';
export { zodSchema } from './zod-schema';
