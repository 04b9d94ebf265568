import type { ZodType } from 'zod';

interface Def {
  type: string;
  coerce?: boolean;
  innerType?: ZodType;
  in?: ZodType;
  shape?: Record<string, ZodType>;
  element?: ZodType;
  options?: ZodType[];
}

/** A part of a schema that can never accept the string a path, query, header or cookie gives. */
export interface StringlessPart {
  /** Where in the value (`'page'`, `'ids[]'`), empty for the whole. */
  path: string;
  /** The zod type that refuses strings (`'number'`, `'boolean'`, ...). */
  type: string;
  /** The schema to write instead. */
  fix: string;
}

// What arrives as text and the schema that reads it: coerce turns 'false' into true, hence stringbool.
const FIXES: Record<string, string> = {
  number: 'z.coerce.number()',
  bigint: 'z.coerce.bigint()',
  date: 'z.coerce.date()',
  boolean: "z.stringbool() (z.coerce.boolean() would read 'false' as true)",
};

const defOf = (schema: ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/**
 * The first part of `schema` that refuses every string (a `z.number()` that does not coerce,
 * say), or undefined when strings can get through. Objects are searched field by field and arrays
 * by element, as a query string gives objects of strings and repeated keys give arrays.
 */
export function stringlessPart(schema: ZodType, path = ''): StringlessPart | undefined {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) return stringlessPart(def.innerType, path);
  if (def.type === 'pipe' && def.in) return stringlessPart(def.in, path);
  if (def.type in FIXES) return def.coerce ? undefined : { path, type: def.type, fix: FIXES[def.type] };
  if (def.type === 'object' && def.shape) {
    for (const [key, field] of Object.entries(def.shape)) {
      const part = stringlessPart(field, join(path, key));
      if (part) return part;
    }
    return undefined;
  }
  if (def.type === 'array' && def.element) return stringlessPart(def.element, `${path}[]`);
  if (def.type === 'union' && def.options) {
    const parts = def.options.map((option) => stringlessPart(option, path));
    return parts.every(Boolean) ? parts[0] : undefined;
  }
  return undefined;
}
