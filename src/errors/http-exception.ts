import { reasonPhrase } from './catalog';
import { defaultErrorCode } from './error-codes';

/** One failed check of a request value: where, what, and zod's issue code. */
export interface ValidationDetail {
  path: string;
  message: string;
  code: string;
}

/** The JSON body of every error response. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  /** A stable machine-readable code (docs: the error codes list). */
  code: string;
  details?: ValidationDetail[];
}

/** Extra parts of an exception: validation details, response headers, the underlying cause. */
export interface HTTPExceptionOptions {
  /** The machine-readable code; the status's generic code when omitted. */
  code?: string;
  details?: ValidationDetail[];
  headers?: Record<string, string>;
  cause?: unknown;
}

/** An error that becomes an HTTP response with its status and a JSON `{ statusCode, error, message, code }` body. */
export class HTTPException extends Error {
  readonly details?: ValidationDetail[];
  readonly headers?: Record<string, string>;
  /** The machine-readable code of the answer, e.g. 'NOT_FOUND' or 'PERMISSION_MISSING'. */
  readonly code: string;

  constructor(
    readonly statusCode: number,
    message: string = reasonPhrase(statusCode),
    options: HTTPExceptionOptions = {},
  ) {
    // Node refuses to write such a status, which would leave the request unanswered.
    if (!Number.isInteger(statusCode) || statusCode < 100 || statusCode > 599)
      throw new RangeError(`HTTPException status must be an HTTP status (100-599), got ${statusCode}`);
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.details = options.details;
    this.headers = options.headers;
    this.code = options.code ?? defaultErrorCode(statusCode);
  }

  /** The reason phrase of the status, e.g. 'Not Found'. */
  get error(): string {
    return reasonPhrase(this.statusCode);
  }

  /** The response body. */
  toJSON(): ErrorBody {
    const body: ErrorBody = {
      statusCode: this.statusCode,
      error: this.error,
      message: this.message,
      code: this.code,
    };
    if (this.details) body.details = this.details;
    return body;
  }
}
