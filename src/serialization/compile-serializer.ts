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
  // Loaded by the first route that declares its answer: an app without one never pays for it.
  const build = require('fast-json-stringify') as Build;
  return build(responseJsonSchema(schema) as unknown as Parameters<Build>[0]) as Serializer;
}

type Build = typeof import('fast-json-stringify').default;
