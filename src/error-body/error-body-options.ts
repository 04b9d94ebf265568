import type { ZodType, z } from 'zod';
import type { ValidationDetail } from '../kernel';

/** What a custom error body is built from: the answer's status, code, message and validation failures. */
export interface ErrorBodyInput {
  /** The HTTP status of the answer. */
  status: number;
  /** The machine-readable code (`NOT_FOUND`, `ROLE_TOO_LOW`, ...). */
  code?: string;
  /** What went wrong, for people. */
  message: string;
  /** Each failed check of a 422 (`{ path, message, code }`). */
  details?: ValidationDetail[];
}

/** The call an error answers: its route (absent when no route took it), method and URL as received. */
export interface ErrorBodyCall {
  /** The route's path (`/tasks/:id`); absent for a 404, a 405 or a failure before routing. */
  route?: string;
  /** The HTTP method, upper case; empty when Node refused the request before reading it. */
  method: string;
  /** The path and query string as received; empty when Node refused the request before reading it. */
  url: string;
}

/**
 * A custom shape for error answers (`createApp({ errorBody })`, `ErrorBody()`): `build` makes the
 * JSON body of every error answer, `schema` checks it and documents it (OpenAPI, contracts).
 */
export interface ErrorBodyOptions<Schema extends ZodType = ZodType> {
  /** The body's zod schema: what `build` returns must pass it; the answer is its output. */
  schema: Schema;
  /** Builds the body of one error answer; headers (`Retry-After`, `Allow`, ...) are kept as they are. */
  build(error: ErrorBodyInput, call: ErrorBodyCall): z.input<Schema>;
}
