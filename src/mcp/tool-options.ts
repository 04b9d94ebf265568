import type { ZodType } from 'zod';

/** Hints about a tool's behaviour for clients (MCP `ToolAnnotations`); never enforced. */
export interface ToolAnnotations {
  /** A human-readable title. */
  title?: string;
  /** The tool changes nothing (default: true for a GET route). */
  readOnlyHint?: boolean;
  /** It may destroy or overwrite (default: true for a DELETE route). */
  destructiveHint?: boolean;
  /** Calling it twice with the same arguments does no more than once (default: true for GET, PUT, DELETE). */
  idempotentHint?: boolean;
  /** It reaches things outside this application. */
  openWorldHint?: boolean;
}

/** What `Tool()` takes. */
export interface ToolOptions {
  /** The tool's name, unique on the server: letters, digits, `_`, `-`, `.` (default: the method's name in snake_case). */
  name?: string;
  /** A human-readable title. */
  title?: string;
  /** What the tool does, for the model (default: a route's `Summary`, else its `Description`). */
  description?: string;
  /** A provider's tool: the arguments' schema, a zod object (default: no arguments). A route's come from its own schemas. */
  input?: ZodType;
  /**
   * A provider's tool: `'value'` (the default) turns what the method returns into the result (an
   * object is `structuredContent` and a JSON text block); `'raw'` returns an MCP `CallToolResult` as it is.
   */
  result?: 'value' | 'raw';
  /** Hints for clients; a route's method sets the read-only, destructive and idempotent hints by default. */
  annotations?: ToolAnnotations;
}
