import { loadOptional } from '../optional';

/** The MCP SDK, an optional peer dependency. */
export const MCP_SDK_PACKAGE = '@modelcontextprotocol/sdk';
/** The feature that needs it, as a missing-package error names it. */
export const MCP_FEATURE = "MCP (install('mcp'))";

type ServerModule = typeof import('@modelcontextprotocol/sdk/server/index.js');
type TypesModule = typeof import('@modelcontextprotocol/sdk/types.js');
type UriTemplateModule = typeof import('@modelcontextprotocol/sdk/shared/uriTemplate.js');

/** The parts of the SDK that serve MCP: its server (the protocol) and its message types. */
export interface McpSdk {
  Server: ServerModule['Server'];
  types: TypesModule;
}

let loaded: McpSdk | undefined;

/**
 * Loads the SDK's server on first use: by the first MCP request, as Apollo is by the first GraphQL
 * one, so that an application starts without paying for it (`ready()` checked it is installed).
 */
export function loadMcpSdk(): McpSdk {
  loaded ??= {
    Server: loadOptional<ServerModule>(`${MCP_SDK_PACKAGE}/server/index.js`, MCP_FEATURE).Server,
    types: loadOptional<TypesModule>(`${MCP_SDK_PACKAGE}/types.js`, MCP_FEATURE),
  };
  return loaded;
}

/** The SDK's RFC 6570 URI templates (a small file of its own), loaded by the first `Resource()` template. */
export function loadUriTemplate(): UriTemplateModule['UriTemplate'] {
  return loadOptional<UriTemplateModule>(`${MCP_SDK_PACKAGE}/shared/uriTemplate.js`, MCP_FEATURE).UriTemplate;
}

/** A JSON-RPC error as the SDK answers it (`McpError`), with the refusal's body as its data. */
export function jsonRpcError(code: number, message: string, data?: unknown): Error {
  return new (loadMcpSdk().types.McpError)(code, message, data);
}

/** The JSON-RPC error codes MCP uses. */
export const JSON_RPC = {
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  RESOURCE_NOT_FOUND: -32002,
} as const;
