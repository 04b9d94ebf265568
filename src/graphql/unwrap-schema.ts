import { globalRegistry, type z } from 'zod';

/** Which side of the schema a zod schema describes: arguments (input) or results (output). */
export type Direction = 'input' | 'output';

/** A zod schema with its wrappers peeled: the schema that gives the GraphQL type, and what the wrappers said. */
export interface Unwrapped {
  schema: z.core.$ZodType;
  /** Whether null or an absent value is allowed (optional, nullable, default, `| null`). */
  nullable: boolean;
  /** The `.meta({ id })` of the schema or of one of its wrappers: the name of its GraphQL type. */
  id?: string;
  /** The description of the named type (given with its id). */
  typeDescription?: string;
  /** The description of this use of the schema: a field or an argument. */
  description?: string;
  /** The zod default (for arguments and input fields), when the schema has one. */
  defaultValue?: unknown;
  hasDefault: boolean;
}

const NULLISH = new Set(['null', 'undefined', 'void']);

function isNullish(schema: z.core.$ZodType): boolean {
  const def = (schema as z.core.$ZodTypes)._zod.def;
  if (def.type === 'literal') return def.values.every((value) => value === null || value === undefined);
  return NULLISH.has(def.type);
}

/**
 * Peels optional, nullable, default, readonly, lazy and pipe wrappers (and `X | null` unions) off
 * a schema. A pipe is read by its input side for arguments and by its output side for results,
 * unless that side is a bare transform, which has no shape to describe.
 */
export function unwrapSchema(schema: z.core.$ZodType, direction: Direction): Unwrapped {
  let current = schema;
  let nullable = false;
  let required = false;
  let id: string | undefined;
  let typeDescription: string | undefined;
  let description: string | undefined;
  let defaultValue: unknown;
  let hasDefault = false;
  for (;;) {
    const meta = globalRegistry.get(current);
    if (meta?.id) {
      id ??= meta.id;
      typeDescription ??= meta.description;
    } else description ??= meta?.description;
    // `.describe()` and `.meta()` without an id clone a schema with the same definition: the
    // clone's parent is the schema that names the type (checks make a new definition).
    const parent = (current as { _zod: { parent?: z.core.$ZodType } })._zod.parent;
    if (!meta?.id && parent && parent._zod.def === current._zod.def) {
      current = parent;
      continue;
    }
    const def = (current as z.core.$ZodTypes)._zod.def;
    switch (def.type) {
      case 'default':
        if (!hasDefault) {
          hasDefault = true;
          defaultValue = def.defaultValue;
        }
        nullable = true;
        current = def.innerType;
        continue;
      case 'optional':
      case 'nullable':
      case 'prefault':
      case 'catch':
        nullable = true;
        current = def.innerType;
        continue;
      case 'nonoptional':
        required = true;
        current = def.innerType;
        continue;
      case 'readonly':
        current = def.innerType;
        continue;
      case 'lazy':
        current = def.getter();
        continue;
      case 'pipe':
        current = direction === 'output' && def.out._zod.def.type !== 'transform' ? def.out : def.in;
        continue;
      case 'union': {
        const others = def.options.filter((option) => !isNullish(option));
        if (others.length === 1 && others.length < def.options.length) {
          nullable = true;
          current = others[0];
          continue;
        }
      }
    }
    return {
      schema: current,
      nullable: nullable && !required,
      id,
      typeDescription,
      description,
      defaultValue,
      hasDefault,
    };
  }
}
