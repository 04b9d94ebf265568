import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { CallerVisibility } from './caller-visibility';
import type { PeerAddress } from './in-process-connections';
import type { McpCall } from './mcp-call';
import type { ToolResult } from './tool-results';

/** One MCP HTTP request, as the handlers of its messages see it. */
export interface McpRequestContext {
  /** The HTTP request (its server serves the routes' requests). */
  readonly req: IncomingMessage;
  readonly headers: IncomingHttpHeaders;
  /** The caller its bearer token authenticated; undefined without one. */
  readonly user?: unknown;
  /** Its `X-Request-Id`, which the routes' requests carry too. */
  readonly requestId: string;
  /** Its client. */
  readonly peer: PeerAddress;
}

/** One JSON-RPC request of an MCP request: a tool call, a resource read, a prompt. */
export interface McpInvocation {
  readonly request: McpRequestContext;
  /** Its JSON-RPC id. */
  readonly id: string | number;
  /** Its `_meta` (`progressToken`, `idempotencyKey`). */
  readonly meta?: Record<string, unknown>;
  /** What the handler may tell its caller, and its cancellation. */
  readonly call: McpCall;
}

/** What every compiled tool, resource and prompt has. */
export interface McpEntry {
  /** `Class.method`. */
  readonly handler: string;
  /** Who may call it. */
  readonly visibility: CallerVisibility;
  /** It takes `McpCall()`, so it may send notifications: its answer is an event stream. */
  readonly notifies: boolean;
  /** Its entry in the list MCP answers (`tools/list`, `resources/list`, ...), made once. */
  readonly definition: Record<string, unknown>;
}

/** A tool, compiled once at `ready()`. */
export interface CompiledTool extends McpEntry {
  readonly name: string;
  /** `GET /tasks/:id` for a route's tool. */
  readonly route?: string;
  call(args: Record<string, unknown>, invocation: McpInvocation): Promise<ToolResult>;
}

/** What a resource read answers: MCP's `ReadResourceResult`. */
export interface ResourceContents {
  contents: Record<string, unknown>[];
  [key: string]: unknown;
}

/** A resource or a resource template, compiled once at `ready()`. */
export interface CompiledResource extends McpEntry {
  /** The URI, or the template. */
  readonly uri: string;
  /** The template's variables in `uri`, or null when it does not match; absent for a fixed URI. */
  readonly match?: (uri: string) => Record<string, string | string[]> | null;
  read(
    uri: string,
    variables: Record<string, string | string[]>,
    invocation: McpInvocation,
  ): Promise<ResourceContents>;
}

/** What a prompt answers: MCP's `GetPromptResult`. */
export interface PromptMessages {
  messages: Record<string, unknown>[];
  [key: string]: unknown;
}

/** A prompt, compiled once at `ready()`. */
export interface CompiledPrompt extends McpEntry {
  readonly name: string;
  get(args: Record<string, unknown>, invocation: McpInvocation): Promise<PromptMessages>;
}
