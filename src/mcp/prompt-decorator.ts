import type { ZodType } from 'zod';
import { metadataRegistry } from '../kernel';
import { MCP_PROMPT } from './mcp-metadata';
import type { PromptOptions } from './prompt-options';

/**
 * Makes the method (of one of the `mcp` module's `providers`) build an MCP prompt: it gets the
 * arguments validated by `argsSchema` (a zod object of strings, as MCP sends them) and returns
 * an MCP `GetPromptResult` (`{ messages, description? }`), or a string: one user message.
 * @example @Prompt('summarise', z.object({ topic: z.string() })) summarise({ topic }: { topic: string }) {}
 */
export function Prompt(name: string, argsSchema?: ZodType, options: PromptOptions = {}): MethodDecorator {
  return (target, key) => {
    metadataRegistry
      .forMethod(target.constructor, key)
      .set(MCP_PROMPT, { name, args: argsSchema, ...options });
  };
}
