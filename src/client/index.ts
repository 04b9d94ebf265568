// The client entry, `trellis/client`: contracts and a typed fetch client, with no server or
// Node-only dependency, so that a browser bundle can hold it. Its API report is api/trellis-client.api.md.

export {
  type ContractMethod,
  type ContractResponses,
  type ContractRoute,
  type ContractRoutes,
  contract,
} from '../contract/contract-route';
export type {
  ContractController,
  ContractRequest,
  ContractResponse,
  HandlerResult,
  MaybePromise,
} from '../contract/contract-types';
export { ErrorBodySchema, ValidationErrorBodySchema } from '../contract/error-body-schema';
export {
  IdempotencyKeyHeaderSchema,
  type IdempotentRoute,
  type IdempotentRouteOptions,
  idempotent,
} from '../contract/idempotent-route';
export type { CallOptions, Client, ClientOptions, HeadersSource, RouteCall } from './client-types';
export { ContractInputError, type InputIssue } from './contract-input-error';
export { createClient } from './create-client';
export { UnexpectedStatusError } from './unexpected-status-error';
