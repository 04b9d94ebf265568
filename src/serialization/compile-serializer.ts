import build from 'fast-json-stringify';
import type { ZodType } from 'zod';
import { responseJsonSchema } from './response-json-schema';

/** Turns a handler's answer into its JSON text. */
export type Serializer = (value: unknown) => string;

/**
 * Compiles, once, the serializer of a `Returns` schema with fast-json-stringify. It serializes,
 * it does not parse: keys the schema does not name are left out, a missing key with a zod
 * default is written with that default, a missing required key throws (the route answers 500
 * and logs it: the handler broke its contract), and zod transforms are not run (their result
 * has no JSON Schema, so the value is written as the handler gave it).
 */
export function compileSerializer(schema: ZodType): Serializer {
  return build(responseJsonSchema(schema) as unknown as Parameters<typeof build>[0]) as Serializer;
}
