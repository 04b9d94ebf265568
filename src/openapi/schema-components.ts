import { type ZodType, z } from 'zod';
import { datesAsIsoStrings } from '../kernel';
import type { JsonSchema } from './document-types';
import { openapiError } from './openapi-errors';

const COMPONENTS = '#/components/schemas/';
const DEFS = '#/$defs/';
/** The names zod gives the recursive parts of a schema that has no id. */
const ANONYMOUS = /^__schema\d+$/;
/** Keywords whose values are data, not schemas: a `$ref` key inside them is left alone. */
const DATA_KEYWORDS = new Set(['default', 'const', 'enum', 'examples', 'example']);
/** Keywords whose values map names to schemas: the names are not keywords. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);

/** Which side a schema is documented from: requests as clients send them, answers as sent. */
export type SchemaSide = 'input' | 'output';

// Requests are documented as clients send them (`io: 'input'`: defaults make fields optional),
// answers as the server sends them (`io: 'output'`); a schema with no JSON form (a function, a
// custom check, a transform's result) documents as "anything", never fails.
function optionsFor(io: SchemaSide): z.core.ToJSONSchemaParams {
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
/** The suffix of a named schema whose answer form differs from its request form. */
const OUTPUT_SUFFIX = 'Output';

type Rewrite = (ref: string) => string;

function rewriteSchema(schema: unknown, rewrite: Rewrite): unknown {
  if (Array.isArray(schema)) return schema.map((item) => rewriteSchema(item, rewrite));
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref' && typeof value === 'string') out[key] = rewrite(value);
    else if (DATA_KEYWORDS.has(key)) out[key] = value;
    else if (SCHEMA_MAPS.has(key) && value !== null && typeof value === 'object')
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, rewriteSchema(child, rewrite)]),
      );
    else out[key] = rewriteSchema(value, rewrite);
  }
  return out;
}

function decodePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** OpenAPI restricts component names to `[A-Za-z0-9._-]`. */
function componentName(id: string): string {
  return id.replace(/[^A-Za-z0-9._-]/g, '_');
}

/**
 * The `components.schemas` of a document, filled as route schemas are converted with zod's own
 * `z.toJSONSchema`. A schema with a meta id (`.meta({ id: 'User' })`) becomes one component,
 * referenced with `$ref` wherever it is used.
 */
export class SchemaComponents {
  readonly schemas: Record<string, JsonSchema> = {};
  private readonly serialised = new Map<string, string>();
  private readonly taken = new Set<string>();

  /**
   * `schema` as JSON Schema, from its `side`; `name` names the recursive parts that have no id of
   * their own. A named schema whose answer form differs from its request form (a default makes a
   * field optional in one, required in the other) is two components: `Task` and `TaskOutput`.
   */
  convert(schema: ZodType, name: string, side: SchemaSide = 'input'): JsonSchema {
    const { $schema: _dialect, $defs = {}, ...root } = z.toJSONSchema(schema, OPTIONS[side]) as JsonSchema;
    const defs = $defs as Record<string, JsonSchema>;
    const names = new Map<string, string>();
    for (const key of Object.keys(defs))
      names.set(key, ANONYMOUS.test(key) ? this.reserve(`${name}Schema`) : componentName(key));
    if (side === 'output') this.renameClashes(defs, names);
    // `#` is zod's reference to a recursive root without an id: the root becomes a component.
    let rootName: string | undefined;
    const rewrite: Rewrite = (ref) => {
      if (ref === '#') {
        rootName ??= this.reserve(name);
        return COMPONENTS + rootName;
      }
      if (ref.startsWith(DEFS)) return COMPONENTS + names.get(decodePointer(ref.slice(DEFS.length)));
      return ref;
    };
    const converted = rewriteSchema(root, rewrite) as JsonSchema;
    for (const [key, def] of Object.entries(defs))
      this.add(names.get(key)!, rewriteSchema(def, rewrite) as JsonSchema);
    if (rootName === undefined) return converted;
    this.add(rootName, converted);
    return { $ref: COMPONENTS + rootName };
  }

  /** Converts `schema` from its `side` and stores it as the component `name`; returns the `$ref` to it. */
  define(name: string, schema: ZodType, side: SchemaSide = 'input'): JsonSchema {
    const converted = this.convert(schema, name, side);
    if (converted.$ref !== COMPONENTS + name) this.add(name, converted);
    return { $ref: COMPONENTS + name };
  }

  /** The schema a `$ref` to a component points at (the schema itself when it is no reference). */
  resolve(schema: JsonSchema): JsonSchema {
    const ref = schema.$ref;
    if (typeof ref !== 'string' || !ref.startsWith(COMPONENTS)) return schema;
    return this.schemas[ref.slice(COMPONENTS.length)] ?? schema;
  }

  // Renames the named parts whose form differs from the component already under that name;
  // renaming one changes the references in the others, so it repeats until nothing clashes.
  private renameClashes(defs: Record<string, JsonSchema>, names: Map<string, string>): void {
    for (let changed = true; changed; ) {
      changed = false;
      const rewrite: Rewrite = (ref) =>
        ref.startsWith(DEFS) ? COMPONENTS + names.get(decodePointer(ref.slice(DEFS.length))) : ref;
      for (const [key, def] of Object.entries(defs)) {
        const current = names.get(key)!;
        const existing = this.serialised.get(current);
        if (existing === undefined || current.endsWith(OUTPUT_SUFFIX)) continue;
        if (existing !== JSON.stringify(rewriteSchema(def, rewrite))) {
          names.set(key, current + OUTPUT_SUFFIX);
          changed = true;
        }
      }
    }
  }

  private reserve(base: string): string {
    let name = componentName(base);
    for (let n = 2; this.taken.has(name); n++) name = `${componentName(base)}${n}`;
    this.taken.add(name);
    return name;
  }

  private add(name: string, schema: JsonSchema): void {
    const json = JSON.stringify(schema);
    const existing = this.serialised.get(name);
    if (existing !== undefined && existing !== json)
      throw openapiError('TRELLIS_ERR_OPENAPI_SCHEMA_NAME_TAKEN', name);
    this.serialised.set(name, json);
    this.taken.add(name);
    this.schemas[name] = schema;
  }
}
