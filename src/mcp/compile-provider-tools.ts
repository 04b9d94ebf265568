import { z } from 'zod';
import type { Class, MethodMetadata } from '../kernel';
import {
  argumentsValidator,
  callContext,
  compileProviderMethod,
  type ProviderEnv,
  refusal,
} from './compile-provider-handlers';
import { McpInputNotObjectError } from './mcp-errors';
import type { CompiledTool } from './mcp-handlers';
import { describesObjects, mcpJsonSchema } from './mcp-json-schema';
import { toolName } from './tool-name';
import type { ToolOptions } from './tool-options';
import { errorResult, type ToolResult, valueResult } from './tool-results';

const NO_ARGUMENTS = z.object({});

/**
 * A provider's method as a tool: called with the arguments its `input` schema validated (a
 * refusal is a tool error with the 422 details), its return value made a result (or returned as
 * it is with `result: 'raw'`); a thrown error is a tool error carrying its body.
 */
export function compileProviderTool(
  target: Class,
  method: MethodMetadata,
  options: ToolOptions,
  env: ProviderEnv,
): CompiledTool {
  const where = `${target.name}.${method.name}`;
  const name = toolName(options.name, method.name, where);
  const input = options.input ?? NO_ARGUMENTS;
  const inputSchema = mcpJsonSchema(input, 'input');
  if (!describesObjects(inputSchema)) throw new McpInputNotObjectError(where, 'Tool({ input })');
  const compiled = compileProviderMethod(target, method, env, argumentsValidator(input), [
    (ctx) => ctx.input,
  ]);
  const raw = options.result === 'raw';
  const description = options.description ?? method.summary ?? method.description;
  return {
    name,
    handler: compiled.handler,
    visibility: compiled.visibility,
    notifies: compiled.notifies,
    definition: {
      name,
      ...(options.title && { title: options.title }),
      ...(description && { description }),
      inputSchema,
      ...(options.annotations && { annotations: options.annotations }),
    },
    async call(args, invocation): Promise<ToolResult> {
      let value: unknown;
      try {
        value = await compiled.invoke(callContext(invocation, args));
      } catch (err) {
        return errorResult(refusal(err, env, compiled.handler).body, true);
      }
      return raw ? (value as ToolResult) : valueResult(value);
    },
  };
}
