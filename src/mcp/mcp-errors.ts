import { createError } from '../kernel';

// The mcp module's start-up errors, each defined beside the code that throws it and documented
// in docs/errors.md; every one fails `ready()` naming the method at fault.

/** Two tools, resources or prompts share a name (or a URI). */
export const McpDuplicateError = createError(
  'TRELLIS_ERR_MCP_DUPLICATE',
  (kind: string, name: string, first: string, second: string) =>
    `mcp: two ${kind}s are named '${name}': ${first} and ${second}; give one another name`,
);

/** A tool's name breaks MCP's rules. */
export const McpInvalidNameError = createError(
  'TRELLIS_ERR_MCP_INVALID_NAME',
  (where: string, name: string) =>
    `${where}: '${name}' is no MCP tool name: use 1 to 128 letters, digits, '_', '-' or '.'`,
);

/** Two parts of a route (path parameters, query, body) name the same field of a tool's input. */
export const McpInputClashError = createError(
  'TRELLIS_ERR_MCP_INPUT_CLASH',
  (where: string, field: string, first: string, second: string) =>
    `${where}: the tool's input would take '${field}' from both the ${first} and the ${second}; rename one`,
);

/** A provider's tool input or a prompt's arguments is not a zod object. */
export const McpInputNotObjectError = createError(
  'TRELLIS_ERR_MCP_INPUT_NOT_OBJECT',
  (where: string, what: string) => `${where}: ${what} must be a zod object (z.object({ ... }))`,
  undefined,
  TypeError,
);

/** `Tool()` on a route is given what only a provider's tool takes. */
export const McpRouteToolOptionError = createError(
  'TRELLIS_ERR_MCP_ROUTE_TOOL_OPTION',
  (where: string, option: string) =>
    `${where}: Tool({ ${option} }) is for a provider's method; a route's tool takes its input from the route's schemas and answers with its body`,
);

/** An MCP decorator on a method nothing serves over MCP. */
export const McpNotServedError = createError(
  'TRELLIS_ERR_MCP_NOT_SERVED',
  (where: string, decorator: string, fix: string) => `${where}: ${decorator} is not served over MCP: ${fix}`,
);

/** A `Resource()` URI or template that cannot be read. */
export const McpInvalidUriError = createError(
  'TRELLIS_ERR_MCP_INVALID_URI',
  (where: string, uri: string) =>
    `${where}: Resource('${uri}') is neither an absolute URI (scheme://...) nor an RFC 6570 template of one`,
);
