import type { ZodType } from 'zod';
import { metadataKey } from '../kernel';
import type { PromptOptions } from './prompt-options';
import type { ResourceOptions } from './resource-options';
import type { ToolOptions } from './tool-options';

/** What `Resource(uriOrTemplate, options)` records on a method. */
export interface ResourceMetadata extends ResourceOptions {
  /** A fixed URI (`config://app`) or an RFC 6570 template (`notes://{id}`). */
  uri: string;
}

/** What `Prompt(name, argsSchema, options)` records on a method. */
export interface PromptMetadata extends PromptOptions {
  name: string;
  /** The arguments' schema, a zod object of strings. */
  args?: ZodType;
}

// An MCP method is an entry point: it is called through its compiled invocation, so an
// interceptor on it (`Transactional()`) wraps that call rather than the instance's method.
/** A method exposed as an MCP tool (`Tool()`): a route, or a method of a provider. */
export const MCP_TOOL = metadataKey<ToolOptions>('mcp tool', { entryPoint: true });
/** A provider's method that reads an MCP resource (`Resource()`). */
export const MCP_RESOURCE = metadataKey<ResourceMetadata>('mcp resource', { entryPoint: true });
/** A provider's method that builds an MCP prompt (`Prompt()`). */
export const MCP_PROMPT = metadataKey<PromptMetadata>('mcp prompt', { entryPoint: true });

/** The parameter kind of `McpCall()`. */
export const MCP_CALL_PARAM = 'mcpCall';
