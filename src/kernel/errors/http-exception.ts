import { reasonPhrase } from './catalog';
import { defaultErrorCode } from './error-codes';
import { InvalidHttpStatusError } from './trellis-errors';

/** One failed check of a request value: where, what, and zod's issue code. */
export interface ValidationDetail {
  /** Where the value is (`body.title`, `query.page`). */
  path: string;
  /** What is wrong with the value. */
  message: string;
  /** zod's issue code. */
  code: string;
}

/** The JSON body of every error response without a custom `errorBody` (exported as `ErrorBody` too). */
export interface ReferenceErrorBody {
  /** The HTTP status. */
  statusCode: number;
  /** The status's reason phrase (`Not Found`). */
  error: string;
  /** What went wrong, for people. */
  message: string;
  /** A stable machine-readable code (docs: the error codes list). */
  code: string;
  /** Each validation failure, for 422 answers. */
  details?: ValidationDetail[];
}

/** Extra parts of an exception: validation details, response headers, the underlying cause. */
export interface HTTPExceptionOptions {
  /** The machine-readable code; the status's generic code when omitted. */
  code?: string;
  /** Validation failures to put in the body. */
  details?: ValidationDetail[];
  /** Headers to send with the answer. */
  headers?: Record<string, string>;
  /** What caused it; logged for 5xx, never sent. */
  cause?: unknown;
}

/** An error that becomes an HTTP response with its status and a JSON `{ statusCode, error, message, code }` body. */
export class HTTPException extends Error {
  /** Validation failures, written into the body. */
  readonly details?: ValidationDetail[];
  /** Headers the answer carries (`Retry-After`, ...). */
  readonly headers?: Record<string, string>;
  /** The machine-readable code of the answer, e.g. 'NOT_FOUND' or 'PERMISSION_MISSING'. */
  readonly code: string;

  constructor(
    /** The HTTP status of the answer. */
    readonly statusCode: number,
    message: string = reasonPhrase(statusCode),
    options: HTTPExceptionOptions = {},
  ) {
    // Node refuses to write such a status, which would leave the request unanswered.
    if (!Number.isInteger(statusCode) || statusCode < 100 || statusCode > 599)
      throw new InvalidHttpStatusError(statusCode);
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
  toJSON(): ReferenceErrorBody {
    const body: ReferenceErrorBody = {
      statusCode: this.statusCode,
      error: this.error,
      message: this.message,
      code: this.code,
    };
    if (this.details) body.details = this.details;
    return body;
  }
}
