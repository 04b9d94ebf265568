import { recordParam } from '../decorators';
import { MCP_CALL_PARAM } from './mcp-metadata';

/** The levels of an MCP log message a handler sends its caller. */
export type McpLogLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error';

/**
 * The MCP call a provider's handler serves: notifications to its caller, on the call's own
 * response stream, and the signal of its cancellation.
 */
export interface McpCall {
  /** Reports progress (when the caller asked for it with a progress token; otherwise nothing is sent). */
  progress(progress: number, total?: number, message?: string): Promise<void>;
  /** Sends the caller a log message. */
  log(level: McpLogLevel, data: unknown): Promise<void>;
  /** Aborted when the caller cancels the call or goes away. */
  signal: AbortSignal;
}

/**
 * The MCP call a `Tool()`, `Resource()` or `Prompt()` method of a provider serves.
 * @example @Tool({ name: 'import', input }) async run(input: Input, @McpCall() call: McpCall) { await call.progress(1, 2); }
 */
export function McpCall(): ParameterDecorator {
  return recordParam({ kind: MCP_CALL_PARAM });
}
