/** A route path in OpenAPI template syntax, and the names of its parameters in order. */
export interface OpenApiPath {
  path: string;
  params: string[];
}

const PARAM = /:(\w+)|\*(\w*)$/g;

/** Express syntax to OpenAPI templates: `/users/:id/*rest` -> `/users/{id}/{rest}`. */
export function toOpenApiPath(expressPath: string): OpenApiPath {
  const params: string[] = [];
  const path = expressPath.replace(PARAM, (_match, name?: string, wildcard?: string) => {
    const param = name ?? (wildcard || '*');
    params.push(param);
    return `{${param}}`;
  });
  return { path, params };
}
