import { type ZodType, z } from 'zod';
import type { ParamMetadata } from '../kernel';
import { McpInputClashError } from './mcp-errors';
import { type JsonSchemaObject, mcpJsonSchema, objectShape } from './mcp-json-schema';

/** The parts of a route's request a tool's arguments are split into. */
export interface RouteArguments {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** The JSON body; undefined for a route that reads none. */
  body: unknown;
}

/** A route's input as a tool sees it: one JSON Schema, and how arguments go back to their parts. */
export interface RouteToolInput {
  schema: JsonSchemaObject;
  split(args: Record<string, unknown>): RouteArguments;
}

type Part = 'path' | 'query' | 'body';
const PART_NAMES: Record<Part, string> = { path: 'path parameters', query: 'query', body: 'body' };
/** The argument that carries a body whose schema is not an object. */
const WHOLE_BODY = 'body';

/** The names of a route path's parameters (`/files/:folder/*rest` -> folder, rest). */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/[:*](\w+)/g)].map((match) => match[1]);
}

function paramSchema(params: readonly ParamMetadata[], name: string): ZodType {
  for (const param of params) {
    if (param.kind !== 'param') continue;
    if (param.name === name && param.schema) return param.schema;
    if (param.name === undefined) {
      const field = objectShape(param.schema)?.[name];
      if (field) return field;
    }
  }
  // A path segment is text: what the route does not validate itself it takes as a string.
  return z.string();
}

/**
 * The tool input of a route: its path parameters, query fields and body fields side by side in
 * one object (a body that is not an object is the `body` argument), described once from the
 * route's own schemas. A field two parts would both take fails `ready()`.
 */
export function routeToolInput(
  path: string,
  params: readonly ParamMetadata[],
  where: string,
): RouteToolInput {
  const fields: Record<string, ZodType> = {};
  const owner = new Map<string, Part>();
  const add = (part: Part, shape: Record<string, ZodType>) => {
    for (const [name, schema] of Object.entries(shape)) {
      const taken = owner.get(name);
      if (taken) throw new McpInputClashError(where, name, PART_NAMES[taken], PART_NAMES[part]);
      owner.set(name, part);
      fields[name] = schema;
    }
  };
  const pathNames = pathParameterNames(path);
  add('path', Object.fromEntries(pathNames.map((name) => [name, paramSchema(params, name)])));
  for (const param of params.filter((p) => p.kind === 'query')) {
    const shape = objectShape(param.schema);
    if (shape) add('query', shape);
  }
  const body = params.find((p) => p.kind === 'body');
  const bodyShape = objectShape(body?.schema);
  if (bodyShape) add('body', bodyShape);
  else if (body?.schema) add('body', { [WHOLE_BODY]: body.schema });
  const part = (name: string): Part | undefined => owner.get(name);
  const wholeBody = body?.schema !== undefined && bodyShape === undefined;

  return {
    schema: mcpJsonSchema(z.object(fields), 'input'),
    split(args) {
      const split: RouteArguments = { params: {}, query: {}, body: body && !wholeBody ? {} : undefined };
      for (const [name, value] of Object.entries(args)) {
        const known = part(name);
        if (known === 'path') split.params[name] = value;
        else if (known === 'query') split.query[name] = value;
        else if (wholeBody && name === WHOLE_BODY) split.body = value;
        // A field no schema names goes where the route would look for it: its body when it reads
        // one that is an object (whose schema strips or refuses it), else its query.
        else if (split.body !== undefined && !wholeBody)
          (split.body as Record<string, unknown>)[name] = value;
        else split.query[name] = value;
      }
      return split;
    },
  };
}
