import { isThenable } from '../../container/is-thenable';
import type { McpEntryDescription } from '../inspect/app-description';
import { McpDuplicateError } from './mcp-errors';
import type { CompiledPrompt, CompiledResource, CompiledTool, McpEntry } from './mcp-handlers';
import { SerializedJson } from './serialized-json';

/** A message that may call one entry: a tool call, a resource read, a prompt. */
interface EntryRequest {
  method: string;
  params?: Record<string, unknown>;
}

/** What one visible entry list answers: the definitions, serialized once, of the entries shown. */
type Definitions = SerializedJson;

const texts = new WeakMap<McpEntry, string>();

// An entry's definition as JSON text, made once.
function textOf(entry: McpEntry): string {
  let text = texts.get(entry);
  if (text === undefined) {
    text = JSON.stringify(entry.definition);
    texts.set(entry, text);
  }
  return text;
}

/**
 * The application's tools, resources and prompts, compiled once at `ready()`: every list MCP
 * answers is made of the definitions serialized then, filtered for the caller by guards compiled
 * then, so that a list costs about the same however long it is.
 */
export class McpCatalog {
  private readonly tools = new Map<string, CompiledTool>();
  private readonly fixed = new Map<string, CompiledResource>();
  private readonly templates: CompiledResource[] = [];
  private readonly prompts = new Map<string, CompiledPrompt>();

  addTool(tool: CompiledTool): void {
    const taken = this.tools.get(tool.name);
    if (taken) throw new McpDuplicateError('tool', tool.name, taken.handler, tool.handler);
    this.tools.set(tool.name, tool);
  }

  addResource(resource: CompiledResource): void {
    const taken = this.fixed.get(resource.uri) ?? this.templates.find((other) => other.uri === resource.uri);
    if (taken) throw new McpDuplicateError('resource', resource.uri, taken.handler, resource.handler);
    if (resource.match) this.templates.push(resource);
    else this.fixed.set(resource.uri, resource);
  }

  addPrompt(prompt: CompiledPrompt): void {
    const taken = this.prompts.get(prompt.name);
    if (taken) throw new McpDuplicateError('prompt', prompt.name, taken.handler, prompt.handler);
    this.prompts.set(prompt.name, prompt);
  }

  /** Which of tools, resources and prompts the server offers (its capabilities). */
  get offers(): { tools: boolean; resources: boolean; prompts: boolean } {
    return {
      tools: this.tools.size > 0,
      resources: this.fixed.size + this.templates.length > 0,
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
    for (const resource of this.templates) {
      const variables = resource.match?.(uri);
      if (variables) return { resource, variables };
    }
    return undefined;
  }

  listTools(user: unknown): Definitions | Promise<Definitions> {
    return visible(this.tools.values(), user);
  }

  listResources(user: unknown): Definitions | Promise<Definitions> {
    return visible(this.fixed.values(), user);
  }

  listTemplates(user: unknown): Definitions | Promise<Definitions> {
    return visible(this.templates, user);
  }

  listPrompts(user: unknown): Definitions | Promise<Definitions> {
    return visible(this.prompts.values(), user);
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
      ...[...this.fixed.values(), ...this.templates].map((resource) => ({
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

// The definitions of the entries `user` may call, in their order; synchronous unless a guard is not.
function visible(entries: Iterable<McpEntry>, user: unknown): Definitions | Promise<Definitions> {
  const verdicts: (boolean | Promise<boolean>)[] = [];
  const all = [...entries];
  let pending = false;
  for (const entry of all) {
    const verdict = entry.visibility.visibleTo(user);
    pending ||= isThenable(verdict);
    verdicts.push(verdict);
  }
  const pick = (shown: boolean[]) =>
    new SerializedJson(
      `[${all
        .filter((_entry, index) => shown[index])
        .map(textOf)
        .join(',')}]`,
    );
  return pending ? Promise.all(verdicts).then(pick) : pick(verdicts as boolean[]);
}
