import { McpInvalidNameError } from './mcp-errors';

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** A method's name as a tool's: `listTasks` -> `list_tasks`. */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/** The tool's name: the one given, else the method's in snake_case; refused unless MCP allows it. */
export function toolName(given: string | undefined, method: string, where: string): string {
  const name = given ?? snakeCase(method);
  if (!TOOL_NAME.test(name)) throw new McpInvalidNameError(where, name);
  return name;
}
