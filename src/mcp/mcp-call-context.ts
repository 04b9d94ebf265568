import type { CallContext, CallHeaders } from '../kernel';
import type { McpCall } from './mcp-call';

/** One call of a provider's tool, resource or prompt, as guards and the invocation see it. */
export interface McpCallContext extends CallContext {
  readonly transport: 'mcp';
  /** The MCP request's headers (its bearer token, for the guards). */
  readonly headers: CallHeaders;
  /** The tool's arguments or the prompt's, before validation; then what the schema made of them. */
  input: unknown;
  /** A resource read's URI and the template's variables. */
  readonly uri?: URL;
  readonly variables?: Record<string, string | string[]>;
  readonly call: McpCall;
}
