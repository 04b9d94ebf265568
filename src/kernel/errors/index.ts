export { HTTP_STATUS, reasonPhrase } from './catalog';
export { defaultErrorCode, GENERIC_ERROR_CODES, type GenericErrorCode } from './error-codes';
export * from './exceptions';
export {
  type ErrorBody,
  HTTPException,
  type HTTPExceptionOptions,
  type ValidationDetail,
} from './http-exception';
export { toHttpException } from './to-http-exception';
export { TRELLIS_ERRORS, TrellisError, type TrellisErrorCode } from './trellis-errors';
