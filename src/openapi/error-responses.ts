import type { ZodType } from 'zod';
import { ErrorBodySchema as errorBody, ValidationErrorBodySchema as validationErrorBody } from '../contract';
import { HTTP_STATUS, reasonPhrase } from '../kernel';
import type { JsonSchema, ResponseObject } from './document-types';
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
/** A custom body says what failed in its own words: no `details` to point at. */
const CUSTOM_WHY: Record<number, string> = { [S.UNPROCESSABLE_ENTITY]: 'A value failed its schema' };

// The names of shared responses: the reason phrase in one word, except 422, named for its cause.
const NAMES: Record<number, string> = { [S.UNPROCESSABLE_ENTITY]: 'ValidationFailed' };

function nameOf(status: number): string {
  return NAMES[status] ?? reasonPhrase(status).replace(/[^A-Za-z0-9]/g, '');
}

/** One shape of error bodies in the document: the name suffix of its responses and its schema. */
interface BodyStyle {
  suffix: string;
  /** The custom body's schema; absent for the reference one. */
  schema?: ZodType;
  /** Its schema as the document refers to it, once converted. */
  converted?: JsonSchema;
}

/**
 * The shared error responses of a document (`components.responses`), one per status and error
 * body shape, each added the first time an operation refers to it, so the document holds no
 * unused component. The application's shape (the reference body, or its `errorBody`) names them
 * by status alone (`NotFound`); a shape `ErrorBody()` gives some routes adds its schema's name.
 */
export class ErrorResponses {
  readonly responses: Record<string, ResponseObject> = {};
  private readonly styles = new Map<ZodType | undefined, BodyStyle>();
  private readonly appStyle: BodyStyle;

  constructor(
    private readonly components: SchemaComponents,
    /** The application's `errorBody` schema; absent for the reference body. */
    appSchema?: ZodType,
  ) {
    this.appStyle = { suffix: '', schema: appSchema };
    this.styles.set(appSchema, this.appStyle);
  }

  /** A `$ref` to the shared response of an error status, in the body shape of `schema` (default the application's). */
  ref(status: number, schema?: ZodType): ResponseObject {
    const style = schema === undefined ? this.appStyle : this.styleOf(schema);
    const name = nameOf(status) + style.suffix;
    this.responses[name] ??= this.response(status, style);
    return { $ref: `#/components/responses/${name}` };
  }

  private styleOf(schema: ZodType): BodyStyle {
    let style = this.styles.get(schema);
    if (!style) {
      const id = schema.meta()?.id;
      style = { suffix: typeof id === 'string' ? id : `ErrorBody${this.styles.size + 1}`, schema };
      this.styles.set(schema, style);
    }
    return style;
  }

  private bodySchema(status: number, style: BodyStyle): JsonSchema {
    if (!style.schema)
      return status === S.UNPROCESSABLE_ENTITY
        ? this.components.define('ValidationError', validationErrorBody, 'output')
        : this.components.define('Error', errorBody, 'output');
    if (!style.converted) {
      // A schema with a meta id is its own component; any other is named for its shape.
      const name = style.suffix === '' ? 'ErrorBody' : style.suffix;
      style.converted =
        style.schema.meta()?.id === undefined
          ? this.components.define(name, style.schema, 'output')
          : this.components.convert(style.schema, name, 'output');
    }
    return style.converted;
  }

  private response(status: number, style: BodyStyle): ResponseObject {
    const schema = this.bodySchema(status, style);
    const why = (style.schema && CUSTOM_WHY[status]) || WHY[status];
    const headers = standardHeaders(status);
    return {
      description: why ? `${reasonPhrase(status)}: ${why}` : reasonPhrase(status),
      ...(headers && { headers }),
      content: { 'application/json': { schema } },
    };
  }
}
