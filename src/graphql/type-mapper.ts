import {
  GraphQLBoolean,
  GraphQLEnumType,
  type GraphQLEnumValueConfigMap,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigMap,
  GraphQLFloat,
  type GraphQLInputFieldConfigMap,
  GraphQLInputObjectType,
  type GraphQLInputType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  type GraphQLNullableType,
  GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLScalarType,
  GraphQLString,
  type GraphQLType,
} from 'graphql/type';
import { globalRegistry, type z } from 'zod';
import { DateTimeScalar } from './date-time-scalar';
import { graphqlError } from './graphql-errors';
import { type NameHint, nestedHint, TypeNames } from './type-names';
import { type Direction, type Unwrapped, unwrapSchema } from './unwrap-schema';

type Schema = z.core.$ZodType;

interface Extension {
  build: () => GraphQLFieldConfig<unknown, any>;
  where: string;
}

/** A GraphQL type with the description its schema carries: a field, argument or input field config. */
export interface TypedField<T extends GraphQLType> {
  type: T;
  description?: string;
  /** The zod default of an argument or input field, shown in the schema. */
  defaultValue?: unknown;
}

function literalType(values: readonly unknown[], path: string): GraphQLScalarType {
  const kinds = new Set(values.map((value) => typeof value));
  const [kind] = kinds;
  if (kinds.size === 1 && kind === 'string') return GraphQLString;
  if (kinds.size === 1 && kind === 'boolean') return GraphQLBoolean;
  if (kinds.size === 1 && kind === 'number')
    return values.every((value) => Number.isInteger(value)) ? GraphQLInt : GraphQLFloat;
  throw graphqlError('TRELLIS_ERR_GRAPHQL_NO_TYPE', path, `a zod literal of ${[...kinds].join(' | ')}`);
}

// zod keeps a numeric TypeScript enum's reverse entries (`{ 0: 'A', A: 0 }`); GraphQL wants the names.
// Each value is described by the schema's `.meta({ 'x-enum-descriptions': { todo: 'Not started' } })`
// (the OpenAPI vendor extension generators read, so the document carries them too), or
// says which value it is, so that no enum value of the schema goes undescribed.
function enumValues(
  schema: z.core.$ZodType,
  entries: Record<string, string | number>,
): GraphQLEnumValueConfigMap {
  const described = (globalRegistry.get(schema) as Record<string, unknown> | undefined)?.[
    'x-enum-descriptions'
  ] as Record<string, string> | undefined;
  const numeric = new Set(Object.values(entries).filter((value) => typeof value === 'number'));
  const values: GraphQLEnumValueConfigMap = {};
  for (const [name, value] of Object.entries(entries))
    if (!numeric.has(Number(name)))
      values[name] = { value, description: described?.[name] ?? `The value ${name}` };
  return values;
}

/**
 * Maps zod schemas to GraphQL types once, at `ready()`. A schema used twice is one GraphQL type;
 * an object schema becomes an object type in results and an input type in arguments.
 */
export class GraphqlTypeMapper {
  /** Fields added to an object schema's output type by `ResolveField`, built when the type is. */
  private readonly extensions = new Map<Schema, Map<string, Extension>>();
  /** The object schemas whose output type was built, so an extension that found none is reported. */
  private readonly extended = new Set<Schema>();
  private readonly names = new TypeNames();
  private readonly enums = new Map<Schema, GraphQLEnumType>();
  private readonly objects: Record<Direction, Map<Schema, GraphQLObjectType | GraphQLInputObjectType>> = {
    input: new Map(),
    output: new Map(),
  };

  /**
   * Adds a field to the output type of `parent` (an object schema); `build` runs when that type
   * is built. Call before any type is mapped. `where` names the source in errors.
   */
  extend(parent: Schema, name: string, build: () => GraphQLFieldConfig<unknown, any>, where: string): void {
    const unwrapped = unwrapSchema(parent, 'output').schema;
    if ((unwrapped as z.core.$ZodTypes)._zod.def.type !== 'object')
      throw graphqlError('TRELLIS_ERR_GRAPHQL_PARENT_NOT_OBJECT', where);
    let fields = this.extensions.get(unwrapped);
    if (!fields) {
      fields = new Map();
      this.extensions.set(unwrapped, fields);
    }
    if (fields.has(name)) throw graphqlError('TRELLIS_ERR_GRAPHQL_DUPLICATE_RESOLVE_FIELD', where, name);
    fields.set(name, { build, where });
  }

  /** The fields given to `extend` whose parent type no result uses (they would be lost), by source. */
  unusedExtensions(): string[] {
    const unused: string[] = [];
    for (const [schema, fields] of this.extensions)
      if (!this.extended.has(schema)) for (const { where } of fields.values()) unused.push(where);
    return unused;
  }

  /** The type of a result or of a field in one; `path` names it in errors (`returns.tags[]`). */
  output(schema: Schema, hint: NameHint, path: string): TypedField<GraphQLOutputType> {
    return this.field(schema, hint, path, 'output') as TypedField<GraphQLOutputType>;
  }

  /** The type of an argument or of a field in an input object. */
  input(schema: Schema, hint: NameHint, path: string): TypedField<GraphQLInputType> {
    return this.field(schema, hint, path, 'input') as TypedField<GraphQLInputType>;
  }

  private field(schema: Schema, hint: NameHint, path: string, direction: Direction): TypedField<GraphQLType> {
    const unwrapped = unwrapSchema(schema, direction);
    const type = this.named(unwrapped, hint, path, direction);
    const field: TypedField<GraphQLType> = {
      type: unwrapped.nullable ? type : new GraphQLNonNull(type),
      // A field that says nothing of itself is described by its type.
      description: unwrapped.description ?? unwrapped.typeDescription,
    };
    // Results have no defaults; arguments and input fields show theirs (`status: TaskStatus = todo`).
    if (direction === 'input' && unwrapped.hasDefault) field.defaultValue = unwrapped.defaultValue;
    return field;
  }

  private named(
    unwrapped: Unwrapped,
    hint: NameHint,
    path: string,
    direction: Direction,
  ): GraphQLNullableType {
    const def = (unwrapped.schema as z.core.$ZodTypes)._zod.def;
    switch (def.type) {
      case 'string':
        // A result documented as an ISO date-time (`z.iso.datetime()`) is one.
        if (direction === 'output' && (def as { format?: string }).format === 'datetime')
          return DateTimeScalar;
        return GraphQLString;
      case 'template_literal':
        return GraphQLString;
      case 'number':
        return (unwrapped.schema as z.ZodNumber).isInt ? GraphQLInt : GraphQLFloat;
      case 'boolean':
        return GraphQLBoolean;
      case 'date':
        return DateTimeScalar;
      case 'literal':
        return literalType(def.values, path);
      case 'enum':
        return this.enumType(unwrapped, def.entries, hint);
      case 'array':
        return new GraphQLList(this.field(def.element, hint, `${path}[]`, direction).type);
      case 'set':
        // A set is sent as a list, but a list received is no Set: results only.
        if (direction === 'input') break;
        return new GraphQLList(this.field(def.valueType, hint, `${path}[]`, direction).type);
      case 'object':
        return this.objectType(unwrapped, def.shape, hint, path, direction);
    }
    throw graphqlError('TRELLIS_ERR_GRAPHQL_NO_TYPE', path, `a zod ${def.type}`, direction);
  }

  private enumType(
    { schema, id, typeDescription: description }: Unwrapped,
    entries: Record<string, string | number>,
    hint: NameHint,
  ): GraphQLEnumType {
    let type = this.enums.get(schema);
    if (!type) {
      const name = id ? this.names.claim(id) : this.names.derive(hint.base);
      type = new GraphQLEnumType({ name, description, values: enumValues(schema, entries) });
      this.enums.set(schema, type);
    }
    return type;
  }

  private objectType(
    { schema, id, typeDescription: description }: Unwrapped,
    shape: Record<string, Schema>,
    hint: NameHint,
    path: string,
    direction: Direction,
  ): GraphQLObjectType | GraphQLInputObjectType {
    const known = this.objects[direction].get(schema);
    if (known) return known;
    const idSuffix = direction === 'input' ? 'Input' : '';
    const name = id
      ? this.names.claim(id.endsWith(idSuffix) ? id : id + idSuffix)
      : this.names.derive(hint.base + hint.suffix);
    // Fields are filled after the type is cached, so a schema that contains itself finds it.
    const fields: Record<string, TypedField<GraphQLType>> = {};
    const type =
      direction === 'output'
        ? new GraphQLObjectType({
            name,
            description,
            fields: () => fields as GraphQLFieldConfigMap<unknown, unknown>,
          })
        : new GraphQLInputObjectType({
            name,
            description,
            fields: () => fields as GraphQLInputFieldConfigMap,
          });
    this.objects[direction].set(schema, type);
    const parent = id ? { base: id, suffix: idSuffix } : hint;
    for (const [key, field] of Object.entries(shape))
      fields[key] = this.field(field, nestedHint(parent, key), `${path}.${key}`, direction);
    const extensions = direction === 'output' ? this.extensions.get(schema) : undefined;
    if (extensions) {
      this.extended.add(schema);
      for (const [key, { build }] of extensions) fields[key] = build() as TypedField<GraphQLType>;
    }
    if (Object.keys(fields).length === 0)
      throw graphqlError('TRELLIS_ERR_GRAPHQL_NO_TYPE', path, 'an object with no fields');
    return type;
  }
}
