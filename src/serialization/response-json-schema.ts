import { type ZodType, z } from 'zod';
import { datesAsIsoStrings } from '../kernel';

// Answers are described as handlers give them (`io: 'output'`); what has no JSON form (a
// transform's result, a custom type) is "anything" and is written as JSON.stringify would.
const OPTIONS: z.core.ToJSONSchemaParams = {
  target: 'draft-7',
  io: 'output',
  unrepresentable: 'any',
  cycles: 'ref',
  reused: 'inline',
  override: datesAsIsoStrings,
};

/** The JSON Schema (draft 7, the dialect fast-json-stringify reads) of what a response schema sends. */
export function responseJsonSchema(schema: ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, OPTIONS) as Record<string, unknown>;
  return json;
}
