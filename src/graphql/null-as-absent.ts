import type { ZodType, z } from 'zod';
import { unwrapSchema } from './unwrap-schema';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A GraphQL argument value with every explicit `null` the schema would refuse turned into "not
 * given": the schema shows an optional argument or input field as nullable, and clients (Apollo
 * Client, graphql-request) send `null` for it, say a paging loop passing back the last `nextCursor`.
 * A `null` the schema accepts (`.nullable()`) stays.
 */
export function nullAsAbsent(schema: ZodType, value: unknown): unknown {
  if (value === null) return schema.safeParse(null).success ? null : undefined;
  const def = (unwrapSchema(schema, 'input').schema as z.core.$ZodTypes)._zod.def;
  if (def.type === 'object' && isPlainObject(value)) {
    const shape = def.shape as Record<string, ZodType>;
    const given: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      const kept = shape[key] ? nullAsAbsent(shape[key], field) : field;
      if (kept !== undefined) given[key] = kept;
    }
    return given;
  }
  if (def.type === 'array' && Array.isArray(value))
    return value.map((item) => nullAsAbsent(def.element as ZodType, item));
  return value;
}
