import { z } from 'zod';
import { HTTP_STATUS, reasonPhrase } from '../errors/catalog';
import type { ResponseObject } from './document-types';
import type { SchemaComponents } from './schema-components';

/** The body of every error response, as the error catalog writes it. */
const errorBody = z.object({
  statusCode: z.number().int().describe('The HTTP status'),
  error: z.string().describe('The reason phrase of the status'),
  message: z.string(),
});

/** A 422 body: the error body plus one detail per failed check. */
const validationErrorBody = errorBody.extend({
  details: z.array(
    z.object({
      path: z.string().describe('Where the value came from, e.g. body.address.city or query.page'),
      message: z.string(),
      code: z.string().describe("zod's issue code"),
    }),
  ),
});

/** The shared error responses: `components.responses` names, each with its status. */
export const ERROR_RESPONSES = {
  BadRequest: HTTP_STATUS.BAD_REQUEST,
  Unauthorized: HTTP_STATUS.UNAUTHORIZED,
  Forbidden: HTTP_STATUS.FORBIDDEN,
  PayloadTooLarge: HTTP_STATUS.PAYLOAD_TOO_LARGE,
  UnsupportedMediaType: HTTP_STATUS.UNSUPPORTED_MEDIA_TYPE,
  ValidationFailed: HTTP_STATUS.UNPROCESSABLE_ENTITY,
  InternalServerError: HTTP_STATUS.INTERNAL_SERVER_ERROR,
} as const;

/** The name of one shared error response. */
export type ErrorResponseName = keyof typeof ERROR_RESPONSES;

const WHY: Record<ErrorResponseName, string> = {
  BadRequest: 'The body is not valid JSON',
  Unauthorized: 'The access token is missing, malformed, expired or revoked',
  Forbidden: "The caller's role or permissions are not enough",
  PayloadTooLarge: 'The body is over the size limit',
  UnsupportedMediaType: 'The body is not JSON',
  ValidationFailed: 'A value failed its schema; `details` lists every failure',
  InternalServerError: 'An unexpected error',
};

/** A `$ref` to a shared error response. */
export function errorResponseRef(name: ErrorResponseName): ResponseObject {
  return { $ref: `#/components/responses/${name}` };
}

/** Adds the `Error` and `ValidationError` schemas; returns every shared error response. */
export function errorResponses(components: SchemaComponents): Record<ErrorResponseName, ResponseObject> {
  const error = components.define('Error', errorBody);
  const validationError = components.define('ValidationError', validationErrorBody);
  const responses = {} as Record<ErrorResponseName, ResponseObject>;
  for (const [name, status] of Object.entries(ERROR_RESPONSES) as [ErrorResponseName, number][]) {
    const schema = name === 'ValidationFailed' ? validationError : error;
    responses[name] = {
      description: `${reasonPhrase(status)}: ${WHY[name]}`,
      content: { 'application/json': { schema } },
    };
  }
  return responses;
}
