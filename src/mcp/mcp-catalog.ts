import type { McpEntryDescription } from '../inspect/app-description';
import { EntryList } from './entry-list';
import { McpDuplicateError } from './mcp-errors';
import type { CompiledPrompt, CompiledResource, CompiledTool, McpEntry } from './mcp-handlers';
import type { SerializedJson } from './serialized-json';

/** A message that may call one entry: a tool call, a resource read, a prompt. */
interface EntryRequest {
  method: string;
  params?: Record<string, unknown>;
}

/**
 * The application's tools, resources and prompts, compiled once at `ready()`: every list MCP
 * answers is made of the definitions serialized then, filtered for the caller by guards compiled
 * then, so that a list costs about the same however long it is.
 */
export class McpCatalog {
  private readonly tools = new Map<string, CompiledTool>();
  private readonly fixed = new Map<string, CompiledResource>();
  private readonly prompts = new Map<string, CompiledPrompt>();
  private readonly lists = {
    tools: new EntryList<CompiledTool>(),
    resources: new EntryList<CompiledResource>(),
    templates: new EntryList<CompiledResource>(),
    prompts: new EntryList<CompiledPrompt>(),
  };

  addTool(tool: CompiledTool): void {
    const taken = this.tools.get(tool.name);
    if (taken) throw new McpDuplicateError('tool', tool.name, taken.handler, tool.handler);
    this.tools.set(tool.name, tool);
    this.lists.tools.add(tool);
  }

  addResource(resource: CompiledResource): void {
    const taken =
      this.fixed.get(resource.uri) ??
      this.lists.templates.entries.find((other) => other.uri === resource.uri);
    if (taken) throw new McpDuplicateError('resource', resource.uri, taken.handler, resource.handler);
    if (resource.match) this.lists.templates.add(resource);
    else {
      this.fixed.set(resource.uri, resource);
      this.lists.resources.add(resource);
    }
  }

  addPrompt(prompt: CompiledPrompt): void {
    const taken = this.prompts.get(prompt.name);
    if (taken) throw new McpDuplicateError('prompt', prompt.name, taken.handler, prompt.handler);
    this.prompts.set(prompt.name, prompt);
    this.lists.prompts.add(prompt);
  }

  /** Which of tools, resources and prompts the server offers (its capabilities). */
  get offers(): { tools: boolean; resources: boolean; prompts: boolean } {
    return {
      tools: this.tools.size > 0,
      resources: this.fixed.size + this.lists.templates.entries.length > 0,
      prompts: this.prompts.size > 0,
    };
  }

  tool(name: string): CompiledTool | undefined {
    return this.tools.get(name);
  }

  prompt(name: string): CompiledPrompt | undefined {
    return this.prompts.get(name);
  }

  /** The resource that reads `uri`: a fixed one, else the first template that matches, with its variables. */
  resource(
    uri: string,
  ): { resource: CompiledResource; variables: Record<string, string | string[]> } | undefined {
    const fixed = this.fixed.get(uri);
    if (fixed) return { resource: fixed, variables: {} };
    for (const resource of this.lists.templates.entries) {
      const variables = resource.match?.(uri);
      if (variables) return { resource, variables };
    }
    return undefined;
  }

  /** The tools `user` may call (undefined: an anonymous caller), serialized. */
  listTools(user: unknown): SerializedJson | Promise<SerializedJson> {
    return this.lists.tools.visibleTo(user);
  }

  listResources(user: unknown): SerializedJson | Promise<SerializedJson> {
    return this.lists.resources.visibleTo(user);
  }

  listTemplates(user: unknown): SerializedJson | Promise<SerializedJson> {
    return this.lists.templates.visibleTo(user);
  }

  listPrompts(user: unknown): SerializedJson | Promise<SerializedJson> {
    return this.lists.prompts.visibleTo(user);
  }

  /** The entry a request calls, if it calls a known one. */
  entryOf(message: EntryRequest): McpEntry | undefined {
    const { name, uri } = message.params ?? {};
    if (message.method === 'tools/call' && typeof name === 'string') return this.tools.get(name);
    if (message.method === 'prompts/get' && typeof name === 'string') return this.prompts.get(name);
    if (message.method === 'resources/read' && typeof uri === 'string') return this.resource(uri)?.resource;
    return undefined;
  }

  /** Every entry, for `app.inspect()`. */
  describe(): McpEntryDescription[] {
    return [
      ...[...this.tools.values()].map((tool) => ({
        kind: 'tool' as const,
        name: tool.name,
        handler: tool.handler,
        ...(tool.route && { route: tool.route }),
      })),
      ...[...this.fixed.values(), ...this.lists.templates.entries].map((resource) => ({
        kind: 'resource' as const,
        name: resource.uri,
        handler: resource.handler,
      })),
      ...[...this.prompts.values()].map((prompt) => ({
        kind: 'prompt' as const,
        name: prompt.name,
        handler: prompt.handler,
      })),
    ];
  }
}
