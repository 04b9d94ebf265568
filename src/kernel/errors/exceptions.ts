import { HTTP_STATUS } from './catalog';
import { HTTPException, type HTTPExceptionOptions, type ValidationDetail } from './http-exception';

/** 400: the request is malformed (bad JSON, tampered cursor). */
export class BadRequestException extends HTTPException {
  constructor(message?: string, options?: HTTPExceptionOptions) {
    super(HTTP_STATUS.BAD_REQUEST, message, options);
  }
}

/** 401: no valid credentials. */
export class UnauthorizedException extends HTTPException {
  constructor(message?: string, options?: HTTPExceptionOptions) {
    super(HTTP_STATUS.UNAUTHORIZED, message, options);
  }
}

/** 403: authenticated, but not allowed. */
export class ForbiddenException extends HTTPException {
  constructor(message?: string, options?: HTTPExceptionOptions) {
    super(HTTP_STATUS.FORBIDDEN, message, options);
  }
}

/** 404: no such route or resource. */
export class NotFoundException extends HTTPException {
  constructor(message?: string, options?: HTTPExceptionOptions) {
    super(HTTP_STATUS.NOT_FOUND, message, options);
  }
}

/** 405: the path is known but not with this method; `allowed` becomes the `Allow` header. */
export class MethodNotAllowedException extends HTTPException {
  constructor(message: string, allowed: readonly string[], options: HTTPExceptionOptions = {}) {
    super(HTTP_STATUS.METHOD_NOT_ALLOWED, message, {
      ...options,
      headers: { ...options.headers, Allow: allowed.join(', ') },
    });
  }
}

/** 409: the request conflicts with the current state (a duplicate name). */
export class ConflictException extends HTTPException {
  constructor(message?: string, options?: HTTPExceptionOptions) {
    super(HTTP_STATUS.CONFLICT, message, options);
  }
}

/** 413: the body is over the configured limit. */
export class PayloadTooLargeException extends HTTPException {
  constructor(message?: string, options?: HTTPExceptionOptions) {
    super(HTTP_STATUS.PAYLOAD_TOO_LARGE, message, options);
  }
}

/** 415: the body is not JSON. */
export class UnsupportedMediaTypeException extends HTTPException {
  constructor(message?: string, options?: HTTPExceptionOptions) {
    super(HTTP_STATUS.UNSUPPORTED_MEDIA_TYPE, message, options);
  }
}

/** 422: a request value failed its schema; `details` says which and why. */
export class ValidationException extends HTTPException {
  constructor(details: ValidationDetail[], message = 'Validation failed') {
    super(HTTP_STATUS.UNPROCESSABLE_ENTITY, message, { details });
  }
}

/** 429: too many requests; `retryAfterSeconds` becomes the `Retry-After` header. */
export class TooManyRequestsException extends HTTPException {
  constructor(message?: string, retryAfterSeconds?: number, options: HTTPExceptionOptions = {}) {
    const headers =
      retryAfterSeconds === undefined
        ? options.headers
        : { ...options.headers, 'Retry-After': String(retryAfterSeconds) };
    super(HTTP_STATUS.TOO_MANY_REQUESTS, message, { ...options, headers });
  }
}

/** 500: an unexpected failure; its message never reaches the client. */
export class InternalServerErrorException extends HTTPException {
  constructor(message?: string, options?: HTTPExceptionOptions) {
    super(HTTP_STATUS.INTERNAL_SERVER_ERROR, message, options);
  }
}

/** 503: a backing service (Redis) is unreachable; retry later. */
export class ServiceUnavailableException extends HTTPException {
  constructor(message?: string, options?: HTTPExceptionOptions) {
    super(HTTP_STATUS.SERVICE_UNAVAILABLE, message, options);
  }
}
