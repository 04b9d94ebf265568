import type { RequestContext } from '../http/request-context';
import type { HTTPException } from '../kernel';
import type { ErrorBodyOptions } from './error-body-options';

/** What an error body is told of its call: a request context, or a bare upgrade request's method and request. */
export type ErrorCallSource = Pick<RequestContext, 'method' | 'req'>;

/**
 * How the error answers of one route (or of the application, outside any route) get their body:
 * chosen once at `ready()`, so a request never looks up which shape applies.
 */
export interface ErrorBodyWriter {
  /** The custom shape in force; absent for the reference `{ statusCode, error, message, code }`. */
  readonly options?: ErrorBodyOptions;
  /**
   * The body as a value (GraphQL `extensions`, WebSocket error frames); `undefined` when a custom
   * `build` failed or its schema refused the result (logged), so the answer must be the fallback 500.
   */
  value(exception: HTTPException, ctx?: ErrorCallSource): unknown;
  /** The body as JSON text; `undefined` as for `value`. */
  json(exception: HTTPException, ctx?: ErrorCallSource): string | undefined;
}

/** The reference body, `{ statusCode, error, message, code, details? }`: what an app without `errorBody` answers. */
export const REFERENCE_ERROR_BODY: ErrorBodyWriter = {
  value: (exception) => exception.toJSON(),
  json: (exception) => JSON.stringify(exception.toJSON()),
};
