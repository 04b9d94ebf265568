import {
  ErrorBodySchema as errorBody,
  ValidationErrorBodySchema as validationErrorBody,
} from '../contract/error-body-schema';
import { HTTP_STATUS, reasonPhrase } from '../kernel/errors/catalog';
import type { ResponseObject } from './document-types';
import { standardHeaders } from './response-headers';
import type { SchemaComponents } from './schema-components';

const S = HTTP_STATUS;

/** Why Trellis answers each error status, as the shared response describes it. */
const WHY: Record<number, string> = {
  [S.BAD_REQUEST]: 'The request is malformed (a body that is not valid JSON, a tampered cursor)',
  [S.UNAUTHORIZED]: 'The access token is missing, malformed, expired or revoked',
  [S.FORBIDDEN]: "The caller's role or permissions are not enough",
  [S.NOT_FOUND]: 'No resource has that identifier',
  [S.CONFLICT]: 'The request conflicts with the current state (a name already taken)',
  [S.PAYLOAD_TOO_LARGE]: 'The body is over the size limit',
  [S.UNSUPPORTED_MEDIA_TYPE]: 'The body is not JSON',
  [S.UNPROCESSABLE_ENTITY]: 'A value failed its schema; `details` lists every failure',
  [S.TOO_MANY_REQUESTS]: 'Too many requests in the window; retry after `Retry-After` seconds',
  [S.INTERNAL_SERVER_ERROR]: 'An unexpected error',
  [S.SERVICE_UNAVAILABLE]:
    'A backing service is unreachable or a queue is full (password hashing); retry after `Retry-After` seconds',
};

// The names of shared responses: the reason phrase in one word, except 422, named for its cause.
const NAMES: Record<number, string> = { [S.UNPROCESSABLE_ENTITY]: 'ValidationFailed' };

function nameOf(status: number): string {
  return NAMES[status] ?? reasonPhrase(status).replace(/[^A-Za-z0-9]/g, '');
}

/**
 * The shared error responses of a document (`components.responses`), one per status, each
 * added the first time an operation refers to it, so the document holds no unused component.
 */
export class ErrorResponses {
  readonly responses: Record<string, ResponseObject> = {};

  constructor(private readonly components: SchemaComponents) {}

  /** A `$ref` to the shared response of an error status. */
  ref(status: number): ResponseObject {
    const name = nameOf(status);
    this.responses[name] ??= this.response(status);
    return { $ref: `#/components/responses/${name}` };
  }

  private response(status: number): ResponseObject {
    const schema =
      status === S.UNPROCESSABLE_ENTITY
        ? this.components.define('ValidationError', validationErrorBody, 'output')
        : this.components.define('Error', errorBody, 'output');
    const why = WHY[status];
    const headers = standardHeaders(status);
    return {
      description: why ? `${reasonPhrase(status)}: ${why}` : reasonPhrase(status),
      ...(headers && { headers }),
      content: { 'application/json': { schema } },
    };
  }
}
