import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import type { McpCall } from './mcp-call';
import type { McpCatalog } from './mcp-catalog';
import type { McpInvocation, McpRequestContext } from './mcp-handlers';
import { JSON_RPC, jsonRpcError, type McpSdk } from './mcp-sdk';
import type { StatelessTransport } from './stateless-transport';

/** What the server says of itself at `initialize`. */
export interface McpServerInfo {
  name: string;
  version: string;
  instructions?: string;
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

// The server validates nothing against a JSON Schema itself (it asks its clients for no input),
// so it is spared building an Ajv instance per request.
const NO_SCHEMA_VALIDATION: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (input) => ({ valid: true, data: input as T, errorMessage: undefined });
  },
};

/** The SDK's server, as the endpoint uses it. */
export interface ConnectableServer {
  connect(transport: StatelessTransport): Promise<void>;
}

// What a handler may tell its caller, on the call's own answer, and the call's cancellation: the
// SDK's signal (the POST's own cancellations) or the transport's (another POST's, the caller gone),
// combined only when a handler asks for it.
function mcpCall(extra: Extra, cancelled: AbortSignal | undefined, source: string): McpCall {
  const token = extra._meta?.progressToken;
  let signal: AbortSignal | undefined;
  return {
    get signal() {
      signal ??= cancelled ? AbortSignal.any([extra.signal, cancelled]) : extra.signal;
      return signal;
    },
    progress: (progress, total, message) =>
      token === undefined
        ? Promise.resolve()
        : extra.sendNotification({
            method: 'notifications/progress',
            params: {
              progressToken: token,
              progress,
              ...(total !== undefined && { total }),
              ...(message !== undefined && { message }),
            },
          }),
    log: (level, data) =>
      extra.sendNotification({ method: 'notifications/message', params: { level, logger: source, data } }),
  };
}

/**
 * The SDK's server for one MCP request of a stateless endpoint: the protocol (initialize,
 * versions, ping, errors) is the SDK's; the lists and calls are the catalog's, for this caller.
 */
export function mcpServer(
  sdk: McpSdk,
  info: McpServerInfo,
  catalog: McpCatalog,
  request: McpRequestContext,
  transport: StatelessTransport,
): ConnectableServer {
  const { Server, types } = sdk;
  const offers = catalog.offers;
  const server = new Server(
    { name: info.name, version: info.version },
    {
      capabilities: {
        ...(offers.tools && { tools: {} }),
        ...(offers.resources && { resources: {} }),
        ...(offers.prompts && { prompts: {} }),
        logging: {},
      },
      ...(info.instructions && { instructions: info.instructions }),
      jsonSchemaValidator: NO_SCHEMA_VALIDATION,
    },
  );
  const invocation = (extra: Extra, source: string): McpInvocation => ({
    request,
    id: extra.requestId,
    meta: extra._meta as Record<string, unknown> | undefined,
    call: mcpCall(extra, transport.signalOf(extra.requestId), source),
  });
  if (offers.tools) {
    server.setRequestHandler(types.ListToolsRequestSchema, async () => ({
      tools: (await catalog.listTools(request.user)) as never,
    }));
    server.setRequestHandler(types.CallToolRequestSchema, async (call, extra) => {
      const tool = catalog.tool(call.params.name);
      if (!tool) throw jsonRpcError(JSON_RPC.INVALID_PARAMS, `Unknown tool: ${call.params.name}`);
      return (await tool.call(call.params.arguments ?? {}, invocation(extra, tool.name))) as never;
    });
  }
  if (offers.resources) {
    server.setRequestHandler(types.ListResourcesRequestSchema, async () => ({
      resources: (await catalog.listResources(request.user)) as never,
    }));
    server.setRequestHandler(types.ListResourceTemplatesRequestSchema, async () => ({
      resourceTemplates: (await catalog.listTemplates(request.user)) as never,
    }));
    server.setRequestHandler(types.ReadResourceRequestSchema, async (read, extra) => {
      const { uri } = read.params;
      const found = catalog.resource(uri);
      if (!found) throw jsonRpcError(JSON_RPC.RESOURCE_NOT_FOUND, `Resource not found: ${uri}`, { uri });
      return (await found.resource.read(
        uri,
        found.variables,
        invocation(extra, found.resource.uri),
      )) as never;
    });
  }
  if (offers.prompts) {
    server.setRequestHandler(types.ListPromptsRequestSchema, async () => ({
      prompts: (await catalog.listPrompts(request.user)) as never,
    }));
    server.setRequestHandler(types.GetPromptRequestSchema, async (get, extra) => {
      const prompt = catalog.prompt(get.params.name);
      if (!prompt) throw jsonRpcError(JSON_RPC.INVALID_PARAMS, `Unknown prompt: ${get.params.name}`);
      return (await prompt.get(get.params.arguments ?? {}, invocation(extra, prompt.name))) as never;
    });
  }
  return server;
}
