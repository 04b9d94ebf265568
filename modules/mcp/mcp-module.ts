import { checkOption, defineModule } from '../../src/kernel';
import { type McpOptions, serveMcp } from '../../src/mcp';
import { mcpOptionsSchema } from './mcp-options-schema';

declare module '../../src/kernel/extension-points' {
  interface ModuleOptionsMap {
    mcp: McpOptions;
  }
}

/**
 * The `mcp` module: the application as an MCP server over Streamable HTTP (stateless, so any
 * instance answers), on the official SDK. Routes marked `Tool()` are tools with their own
 * schemas, guards and answers; the `providers`' `Tool()`, `Resource()` and `Prompt()` methods
 * are served beside them. Nothing is exposed without one of those decorators.
 * @example app.install('mcp', { providers: [ReportTools], authorizationServers: ['https://auth.example.com'] });
 */
export const mcpModule = defineModule<McpOptions>({
  name: 'mcp',
  install(app, options = {}) {
    checkOption(mcpOptionsSchema, options, 'mcp');
    serveMcp(app, options);
  },
});
