import { metadataRegistry } from '../kernel';
import { MCP_TOOL } from './mcp-metadata';
import type { ToolOptions } from './tool-options';

/**
 * Exposes the method as an MCP tool of the `mcp` module. On a controller's route, the route is the
 * tool: its parameters, query and body schemas make the input, its `Returns()` schema the output,
 * and a call runs the route itself (validation, guards, interceptors, rate limits). On a method of
 * one of the module's `providers`, the method is called with the validated input first.
 * @example @Get('/:id') @Auth() @Tool({ description: 'One task by id' }) one(@Param('id') id: string) {}
 * @example @Tool({ name: 'weekly_report', input: z.object({ week: z.string() }) }) report(input: { week: string }) {}
 */
export function Tool(options: ToolOptions = {}): MethodDecorator {
  return (target, key) => {
    metadataRegistry.forMethod(target.constructor, key).set(MCP_TOOL, options);
  };
}
