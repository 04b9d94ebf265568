export { HTTP_STATUS, reasonPhrase } from './catalog';
export {
  type CodedError,
  type CodedErrorClass,
  createError,
  type ErrorBase,
  type MessageTemplate,
} from './create-error';
export { defaultErrorCode, GENERIC_ERROR_CODES, type GenericErrorCode } from './error-codes';
export * from './exceptions';
export {
  HTTPException,
  type HTTPExceptionOptions,
  type ReferenceErrorBody,
  type ValidationDetail,
} from './http-exception';
export { toHttpException } from './to-http-exception';
export { KERNEL_ERRORS, type KernelErrorCode, TrellisError, trellisError } from './trellis-errors';
