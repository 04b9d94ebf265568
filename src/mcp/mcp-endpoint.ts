import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { NodeHandler } from '../engine/engine';
import { jsonBodyReader } from '../engine/json-body-reader';
import type { RequestContext } from '../http/request-context';
import {
  BadRequestException,
  type CallContext,
  type GuardCheck,
  HTTPException,
  UnauthorizedException,
} from '../kernel';
import { requestIdOf } from '../observability/request-state';
import { InFlightCalls } from './in-flight-calls';
import type { McpCatalog } from './mcp-catalog';
import type { McpRequestContext } from './mcp-handlers';
import { loadMcpSdk } from './mcp-sdk';
import { type McpServerInfo, mcpServer } from './mcp-server';
import { requestOrigin, resourceMetadataUrl } from './protected-resource';
import { StatelessTransport } from './stateless-transport';

/** Most messages one POST may carry. */
const MAX_BATCH = 100;

/** What serving MCP at one path needs. */
export interface McpEndpointEnv {
  info: McpServerInfo;
  catalog: McpCatalog;
  path: string;
  bodyLimit: string;
  /** The Origin and Host check (DNS rebinding). */
  checkOrigin: (req: IncomingMessage) => HTTPException | undefined;
  /** The authenticating guard, compiled for MCP, when a module provides one. */
  authenticate?: GuardCheck;
}

const NOT_ACCEPTABLE = 406;

// MCP's clients accept both answers a server may give.
function accepts(req: IncomingMessage): boolean {
  const accept = req.headers.accept ?? '';
  return accept.includes('application/json') && accept.includes('text/event-stream');
}

function isRequest(
  message: JSONRPCMessage,
): message is JSONRPCMessage & { id: string | number; method: string } {
  return 'method' in message && 'id' in message;
}

// A 401 as MCP's authorization asks: where to learn how to get a token, and whether the one sent failed.
function challenge(err: HTTPException, req: IncomingMessage, metadataUrl: string): HTTPException {
  const invalid = req.headers.authorization === undefined ? '' : ', error="invalid_token"';
  return new UnauthorizedException(err.message, {
    code: err.code,
    headers: { ...err.headers, 'WWW-Authenticate': `Bearer resource_metadata="${metadataUrl}"${invalid}` },
  });
}

/**
 * MCP over Streamable HTTP, stateless: every POST gets its own SDK server and transport, so any
 * instance (any `serve()` worker) answers any request. Before the SDK sees a POST it is checked
 * here: its origin, its JSON body (as routes read one), that it holds JSON-RPC messages, and its
 * caller, once: a bearer token that fails, or none where a called tool's guards need a caller, is
 * a 401 that names the protected-resource metadata.
 */
export function mcpEndpoint(env: McpEndpointEnv): NodeHandler {
  const { catalog } = env;
  const readBody = jsonBodyReader(env.bodyLimit);
  const calls = new InFlightCalls();

  const messagesOf = (body: unknown): JSONRPCMessage[] => {
    const sdk = loadMcpSdk();
    const list = Array.isArray(body) ? body : [body];
    if (body === undefined || list.length === 0 || list.length > MAX_BATCH)
      throw new BadRequestException(`The body must be a JSON-RPC message or a batch of 1 to ${MAX_BATCH}`);
    return list.map((message) => {
      const parsed = sdk.types.JSONRPCMessageSchema.safeParse(message);
      if (!parsed.success) throw new BadRequestException('The body is not a JSON-RPC message');
      return parsed.data as JSONRPCMessage;
    });
  };

  // Whether a request of these messages calls something whose guards refuse anonymous callers.
  const callerNeeded = async (messages: JSONRPCMessage[]) => {
    for (const message of messages) {
      const entry = isRequest(message) ? catalog.entryOf(message) : undefined;
      if (entry && (await entry.visibility.needsCaller())) return true;
    }
    return false;
  };

  const callerOf = async (req: IncomingMessage, ctx: RequestContext, messages: JSONRPCMessage[]) => {
    if (!env.authenticate) return undefined;
    if (req.headers.authorization === undefined && !(await callerNeeded(messages))) return undefined;
    const call: CallContext = { transport: 'mcp', headers: req.headers };
    try {
      await env.authenticate(call);
    } catch (err) {
      if (err instanceof HTTPException && err.statusCode === 401)
        throw challenge(err, req, resourceMetadataUrl(requestOrigin(ctx, req), env.path));
      throw err;
    }
    return call.user;
  };

  const serve = async (req: IncomingMessage, res: ServerResponse, ctx: RequestContext, body: unknown) => {
    const version = req.headers['mcp-protocol-version'];
    if (typeof version === 'string' && !loadMcpSdk().types.SUPPORTED_PROTOCOL_VERSIONS.includes(version))
      throw new BadRequestException(`Unsupported MCP protocol version: ${version}`);
    const messages = messagesOf(body);
    const user = await callerOf(req, ctx, messages);
    const callerKey = req.headers.authorization ?? `address ${req.socket?.remoteAddress}`;
    calls.cancelNamedIn(messages, callerKey);
    const request: McpRequestContext = {
      req,
      headers: req.headers,
      user,
      requestId: requestIdOf(ctx),
      peer: {
        remoteAddress: req.socket?.remoteAddress,
        remotePort: req.socket?.remotePort,
        remoteFamily: req.socket?.remoteFamily,
      },
    };
    const stream = messages.some((m) => isRequest(m) && catalog.entryOf(m)?.notifies);
    const transport = new StatelessTransport(res, {
      stream,
      batch: Array.isArray(body),
      calls,
      callerKey,
    });
    const server = mcpServer(loadMcpSdk(), env.info, catalog, request, transport);
    await server.connect(transport);
    transport.receive(messages);
  };

  return (req, res, next, ctx) => {
    const refused = env.checkOrigin(req);
    if (refused) return next(refused);
    if (!accepts(req))
      return next(
        new HTTPException(NOT_ACCEPTABLE, 'Accept must list application/json and text/event-stream'),
      );
    readBody(req, res, (err, body) => {
      if (err) return next(err);
      serve(req, res, ctx, body).catch(next);
    });
  };
}
