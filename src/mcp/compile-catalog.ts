import { type Class, metadataRegistry } from '../kernel';
import type { CompiledRoute } from '../routing';
import type { ProviderEnv } from './compile-provider-handlers';
import { compileProviderPrompt } from './compile-provider-prompts';
import { compileProviderResource } from './compile-provider-resources';
import { compileProviderTool } from './compile-provider-tools';
import { compileRouteTool, type RouteToolEnv } from './compile-route-tool';
import { McpCatalog } from './mcp-catalog';
import { McpNotServedError } from './mcp-errors';
import { MCP_PROMPT, MCP_RESOURCE, MCP_TOOL } from './mcp-metadata';

/** What compiling the catalog needs from the application. */
export interface CatalogEnv extends ProviderEnv, RouteToolEnv {}

const ON_A_PROVIDER = "put it on a method of a class given in install('mcp', { providers })";

/**
 * Compiles, once, every tool, resource and prompt: the routes marked `Tool()` (a route answering
 * several versions is one tool, its first), then the providers' methods. An MCP decorator on a
 * controller's method that no route serves, or a resource or prompt on a controller, fails here.
 */
export function compileCatalog(
  routes: readonly CompiledRoute[],
  controllers: readonly Class[],
  providers: readonly Class[],
  env: CatalogEnv,
): McpCatalog {
  const catalog = new McpCatalog();
  const served = new Set<string>();
  for (const route of routes) {
    for (const candidate of route.variants ?? [route]) {
      const options = candidate.handler.get(MCP_TOOL);
      const where = `${candidate.controller.target.name}.${candidate.handler.name}`;
      if (!options || served.has(where)) continue;
      served.add(where);
      catalog.addTool(compileRouteTool(candidate, options, env));
    }
  }
  for (const controller of controllers) {
    for (const method of metadataRegistry.find(controller)?.methods.values() ?? []) {
      const where = `${controller.name}.${method.name}`;
      if (method.get(MCP_TOOL) && !served.has(where))
        throw new McpNotServedError(
          where,
          'Tool()',
          `put it on a route (Get(), Post(), ...) or ${ON_A_PROVIDER}`,
        );
      if (method.get(MCP_RESOURCE)) throw new McpNotServedError(where, 'Resource()', ON_A_PROVIDER);
      if (method.get(MCP_PROMPT)) throw new McpNotServedError(where, 'Prompt()', ON_A_PROVIDER);
    }
  }
  for (const provider of providers) {
    for (const method of metadataRegistry.find(provider)?.methods.values() ?? []) {
      const tool = method.get(MCP_TOOL);
      if (tool) catalog.addTool(compileProviderTool(provider, method, tool, env));
      const resource = method.get(MCP_RESOURCE);
      if (resource) catalog.addResource(compileProviderResource(provider, method, resource, env));
      const prompt = method.get(MCP_PROMPT);
      if (prompt) catalog.addPrompt(compileProviderPrompt(provider, method, prompt, env));
    }
  }
  return catalog;
}
