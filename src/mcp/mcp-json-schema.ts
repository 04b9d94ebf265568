import { type ZodType, z } from 'zod';
import { datesAsIsoStrings } from '../kernel';

/** A JSON Schema (2020-12) as MCP lists it. */
export type JsonSchemaObject = Record<string, unknown>;

const DEFS = '#/$defs/';

function optionsFor(io: 'input' | 'output'): z.core.ToJSONSchemaParams {
  return {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
    override: datesAsIsoStrings,
  };
}
const OPTIONS = { input: optionsFor('input'), output: optionsFor('output') };

/**
 * `schema` as a JSON Schema whose root is the schema itself, as MCP wants a tool's `inputSchema`
 * and `outputSchema` (`type: 'object'` at the root): zod makes a root with a meta id a `$ref` to
 * its definition, which is put back in its place. `$schema` is left out: 2020-12 is MCP's default
 * dialect, and validators of other drafts refuse to load a schema that names it.
 */
export function mcpJsonSchema(schema: ZodType, io: 'input' | 'output'): JsonSchemaObject {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, OPTIONS[io]) as JsonSchemaObject;
  const ref = json.$ref;
  const defs = json.$defs as Record<string, JsonSchemaObject> | undefined;
  if (typeof ref !== 'string' || !ref.startsWith(DEFS) || !defs) return json;
  const name = ref.slice(DEFS.length);
  const { $ref: _ref, $defs: _defs, ...rest } = json;
  const others = { ...defs };
  // Kept among the definitions while a definition (a recursive field) still points at it.
  if (!JSON.stringify(defs).includes(`"${ref}"`)) delete others[name];
  const root: JsonSchemaObject = { ...defs[name], ...rest };
  if (Object.keys(others).length > 0) root.$defs = others;
  return root;
}

/** Whether a JSON Schema describes objects (MCP's `structuredContent` is always one). */
export function describesObjects(json: JsonSchemaObject): boolean {
  return json.type === 'object';
}

/** The field names of a zod object schema; undefined for any other schema. */
export function objectShape(schema: ZodType | undefined): Record<string, ZodType> | undefined {
  const def = (schema as { _zod?: { def?: { type?: string; shape?: Record<string, ZodType> } } } | undefined)
    ?._zod?.def;
  return def?.type === 'object' ? def.shape : undefined;
}
