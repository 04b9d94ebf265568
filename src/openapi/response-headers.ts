import { type ContractSchema, zodSchema } from '../contract';
import { HTTP_STATUS } from '../kernel';
import type { HeaderObject, JsonSchema } from './document-types';
import type { SchemaComponents } from './schema-components';

const INTEGER = { type: 'integer', minimum: 0 };

const RATE_LIMIT_HEADERS: Record<string, HeaderObject> = {
  'Retry-After': { description: 'Seconds until the window ends', schema: INTEGER },
  'RateLimit-Policy': {
    description:
      'The limit reached, as an IETF RateLimit-Policy field: `"<name>"; q=<quota>; w=<window seconds>`',
    schema: { type: 'string' },
  },
  RateLimit: {
    description:
      'What is left of it, as an IETF RateLimit field: `"<name>"; r=<remaining>; t=<seconds to reset>`',
    schema: { type: 'string' },
  },
};

const RETRY_HEADERS: Record<string, HeaderObject> = {
  'Retry-After': { description: 'Seconds to wait before trying again, when known', schema: INTEGER },
};

/** The headers Trellis itself sends with an answer of `status`: `Retry-After` (and `RateLimit-Policy`, `RateLimit` on 429). */
export function standardHeaders(status: number): Record<string, HeaderObject> | undefined {
  if (status === HTTP_STATUS.TOO_MANY_REQUESTS) return RATE_LIMIT_HEADERS;
  if (status === HTTP_STATUS.SERVICE_UNAVAILABLE) return RETRY_HEADERS;
  return undefined;
}

/**
 * The headers a contract route declares for one answer (a zod object by header name), each
 * documented with its field's schema and its `describe()` text (the name without one).
 */
export function declaredHeaders(
  schema: ContractSchema,
  components: SchemaComponents,
  name: string,
): Record<string, HeaderObject> {
  const object = components.resolve(components.convert(zodSchema(schema), name, 'output'));
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const headers: Record<string, HeaderObject> = {};
  for (const [header, field] of Object.entries(properties)) {
    const { description, ...fieldSchema } = field;
    headers[header] = {
      description: typeof description === 'string' ? description : header,
      schema: fieldSchema,
    };
  }
  return headers;
}
