import { HTTP_STATUS } from './catalog';
import {
  BadRequestException,
  InternalServerErrorException,
  PayloadTooLargeException,
  UnsupportedMediaTypeException,
} from './exceptions';
import { HTTPException } from './http-exception';

interface EngineError {
  status?: number;
  statusCode?: number;
  type?: string;
  code?: string;
  expose?: boolean;
  message?: string;
}

// The body parsers of both engines report their failures with their own codes; they are
// mapped here so the client sees the same status and message on either engine.
const BODY_ERRORS: Record<string, () => HTTPException> = {
  'entity.parse.failed': () => new BadRequestException('Malformed JSON body'),
  FST_ERR_CTP_INVALID_JSON_BODY: () => new BadRequestException('Malformed JSON body'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => new BadRequestException('Malformed JSON body'),
  'entity.too.large': () => new PayloadTooLargeException('Request body is too large'),
  FST_ERR_CTP_BODY_TOO_LARGE: () => new PayloadTooLargeException('Request body is too large'),
  'entity.verify.failed': () => new BadRequestException('Malformed request body'),
  'encoding.unsupported': () => new UnsupportedMediaTypeException('Unsupported body encoding'),
  'charset.unsupported': () => new UnsupportedMediaTypeException('Unsupported body charset'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new UnsupportedMediaTypeException('Request body must be application/json'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => new BadRequestException('Invalid Content-Length'),
};

/**
 * Any thrown value as an HTTPException: ours pass through, known client errors of the engines
 * keep their 4xx status, everything else is a 500 whose message hides the internals.
 */
export function toHttpException(err: unknown): HTTPException {
  if (err instanceof HTTPException) return err;
  const engineError = (err ?? {}) as EngineError;
  const known = BODY_ERRORS[engineError.type ?? ''] ?? BODY_ERRORS[engineError.code ?? ''];
  if (known) return known();
  const status = engineError.statusCode ?? engineError.status;
  if (
    typeof status === 'number' &&
    status >= HTTP_STATUS.BAD_REQUEST &&
    status < HTTP_STATUS.INTERNAL_SERVER_ERROR
  ) {
    return new HTTPException(status, engineError.message || undefined);
  }
  return new InternalServerErrorException('Internal Server Error', { cause: err });
}
