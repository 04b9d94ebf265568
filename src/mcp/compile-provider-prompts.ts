import type { ZodType } from 'zod';
import type { Class, MethodMetadata } from '../kernel';
import {
  argumentsValidator,
  callContext,
  compileProviderMethod,
  type ProviderEnv,
} from './compile-provider-handlers';
import { refusalError } from './compile-provider-resources';
import { McpInputNotObjectError } from './mcp-errors';
import type { CompiledPrompt, PromptMessages } from './mcp-handlers';
import { objectShape } from './mcp-json-schema';
import type { PromptMetadata } from './mcp-metadata';
import { JSON_RPC } from './mcp-sdk';

// MCP lists a prompt's arguments by name, each with its description and whether it is required.
function promptArguments(shape: Record<string, ZodType>): Record<string, unknown>[] {
  return Object.entries(shape).map(([name, field]) => {
    const { description } = field as { description?: string };
    return {
      name,
      ...(description && { description }),
      required: !field.safeParse(undefined).success,
    };
  });
}

/** What a prompt method returned, as MCP's `GetPromptResult`: a string is one user message. */
export function promptMessages(value: unknown): PromptMessages {
  if (typeof value === 'string')
    return { messages: [{ role: 'user', content: { type: 'text', text: value } }] };
  return value as PromptMessages;
}

/** A provider's method as a prompt: called with the arguments its schema validated (a refusal is an invalid-params error). */
export function compileProviderPrompt(
  target: Class,
  method: MethodMetadata,
  meta: PromptMetadata,
  env: ProviderEnv,
): CompiledPrompt {
  const where = `${target.name}.${method.name}`;
  const shape = meta.args ? objectShape(meta.args) : {};
  if (!shape) throw new McpInputNotObjectError(where, `Prompt('${meta.name}')'s arguments`);
  const validate = meta.args ? argumentsValidator(meta.args) : undefined;
  const compiled = compileProviderMethod(target, method, env, validate, [(ctx) => ctx.input]);
  return {
    name: meta.name,
    handler: compiled.handler,
    visibility: compiled.visibility,
    notifies: compiled.notifies,
    definition: {
      name: meta.name,
      ...(meta.title && { title: meta.title }),
      ...(meta.description && { description: meta.description }),
      arguments: promptArguments(shape),
    },
    async get(args, invocation) {
      try {
        return promptMessages(await compiled.invoke(callContext(invocation, args)));
      } catch (err) {
        throw refusalError(err, env, compiled.handler, JSON_RPC.INVALID_PARAMS);
      }
    },
  };
}
