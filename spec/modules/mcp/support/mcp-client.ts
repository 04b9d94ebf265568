import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** The headers every MCP client sends with a POST. */
export const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

/** An SDK client connected (initialized) to the MCP endpoint at `url`, with a bearer token when given. */
export async function mcpClient(url: string, token?: string): Promise<Client> {
  const client = new Client({ name: 'trellis-spec', version: '1.0.0' });
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

/** One JSON-RPC POST to `url` by hand: the answer's status, headers and body as text. */
export async function postMcp(
  url: string,
  message: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; text: string }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...MCP_HEADERS, ...headers },
    body: JSON.stringify(message),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** A `tools/call` message. */
export function toolCall(name: string, args: Record<string, unknown> = {}, id = 1): unknown {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } };
}

/** The parsed text of a tool result's first content block. */
export function firstText(result: unknown): any {
  const [block] = (result as { content: { type: string; text: string }[] }).content;
  return JSON.parse(block.text);
}
