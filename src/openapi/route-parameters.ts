import type { ZodType } from 'zod';
import type { ParamMetadata } from '../kernel';
import type { JsonSchema, ParameterLocation, ParameterObject } from './document-types';
import type { SchemaComponents } from './schema-components';

const LOCATIONS: Partial<Record<ParamMetadata['kind'], ParameterLocation>> = {
  param: 'path',
  query: 'query',
  header: 'header',
  cookie: 'cookie',
};

/** A value read without a schema arrives as a string (or not at all). */
const STRING: JsonSchema = { type: 'string' };

function parameter(name: string, location: ParameterLocation, schema: JsonSchema, required: boolean) {
  const found: ParameterObject = { name, in: location, required: location === 'path' || required, schema };
  if (typeof schema.description === 'string') found.description = schema.description;
  return found;
}

/** Header names are case-insensitive: one header is one parameter however it is spelled. */
function keyOf(param: ParameterObject): string {
  return `${param.in}:${param.in === 'header' ? param.name.toLowerCase() : param.name}`;
}

/**
 * The parameters of one route. A named `Param`/`Header`/`Cookie` is one parameter; an unnamed one
 * (and `Query`) with an object schema is one parameter per property, required unless optional.
 * Every `:name` of the path is declared, as a string when no decorator reads it.
 */
export function routeParameters(
  params: readonly ParamMetadata[],
  pathParams: readonly string[],
  components: SchemaComponents,
  operationId: string,
): ParameterObject[] {
  const found = new Map<string, ParameterObject>();
  const add = (param: ParameterObject) => {
    if (param.in === 'path' && !pathParams.includes(param.name)) return;
    if (!found.has(keyOf(param))) found.set(keyOf(param), param);
  };
  for (const param of params) {
    const location = LOCATIONS[param.kind];
    if (!location) continue;
    const name = 'name' in param ? param.name : undefined;
    const schema = 'schema' in param ? (param.schema as ZodType | undefined) : undefined;
    const hint = `${operationId}_${location}`;
    if (name !== undefined)
      add(
        parameter(
          name,
          location,
          schema ? components.convert(schema, hint) : STRING,
          !!schema && !schema.isOptional(),
        ),
      );
    else if (schema) for (const each of spread(location, schema, components, hint)) add(each);
  }
  for (const name of pathParams) add(parameter(name, 'path', STRING, true));
  const order = (param: ParameterObject) =>
    param.in === 'path' ? pathParams.indexOf(param.name) : pathParams.length;
  return [...found.values()].sort((a, b) => order(a) - order(b));
}

function spread(
  location: ParameterLocation,
  schema: ZodType,
  components: SchemaComponents,
  hint: string,
): ParameterObject[] {
  const converted = components.convert(schema, hint);
  const object = components.resolve(converted);
  const properties = object.properties as Record<string, JsonSchema> | undefined;
  if (object.type === 'object' && properties) {
    const required = (object.required as string[] | undefined) ?? [];
    return Object.entries(properties).map(([name, property]) =>
      parameter(name, location, property, required.includes(name)),
    );
  }
  // A query that is no plain object (a record, a union) is documented as a free-form object.
  if (location === 'query')
    return [{ name: 'query', in: 'query', required: false, style: 'form', explode: true, schema: converted }];
  return [];
}
