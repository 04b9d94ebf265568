import { type ZodType, z } from 'zod';

// A Date leaves the server as its ISO string (what JSON.stringify writes too).
const override: z.core.ToJSONSchemaParams['override'] = ({ zodSchema, jsonSchema }) => {
  if (zodSchema._zod.def.type === 'date') Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
};

// Answers are described as handlers give them (`io: 'output'`); what has no JSON form (a
// transform's result, a custom type) is "anything" and is written as JSON.stringify would.
const OPTIONS: z.core.ToJSONSchemaParams = {
  target: 'draft-7',
  io: 'output',
  unrepresentable: 'any',
  cycles: 'ref',
  reused: 'inline',
  override,
};

/** The JSON Schema (draft 7, the dialect fast-json-stringify reads) of what a response schema sends. */
export function responseJsonSchema(schema: ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, OPTIONS) as Record<string, unknown>;
  return json;
}
