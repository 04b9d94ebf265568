// The client entry, `trellis/client`: contracts and a typed fetch client, with no server or
// Node-only dependency, so that a browser bundle can hold it. Its API report is api/trellis-client.api.md.

export {
  type ContractController,
  type ContractMethod,
  type ContractRequest,
  type ContractResponse,
  type ContractResponses,
  type ContractRoute,
  type ContractRoutes,
  contract,
  ErrorBodySchema,
  type HandlerResult,
  IdempotencyKeyHeaderSchema,
  type IdempotentRoute,
  type IdempotentRouteOptions,
  idempotent,
  type MaybePromise,
  ValidationErrorBodySchema,
} from '../contract';
export type { CallOptions, Client, ClientOptions, HeadersSource, RouteCall } from './client-types';
export { ContractInputError, type InputIssue } from './contract-input-error';
export { createClient } from './create-client';
export { UnexpectedStatusError } from './unexpected-status-error';
