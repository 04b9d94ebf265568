import type { AppContainer } from '../../container/app-container';
import { REFERENCE_ERROR_BODY } from '../error-body/error-body-writer';
import { type GuardRegistry, HTTPException } from '../kernel';
import { type CompiledRoute, RETURNS } from '../routing';
import { callerVisibility } from './caller-visibility';
import { McpRouteToolOptionError } from './mcp-errors';
import type { CompiledTool, McpInvocation } from './mcp-handlers';
import { describesObjects, mcpJsonSchema } from './mcp-json-schema';
import type { InnerRequest, RouteDispatcher } from './route-dispatch';
import { routeToolInput } from './route-tool-input';
import { fillPath, queryString } from './route-tool-request';
import { toolName } from './tool-name';
import type { ToolAnnotations, ToolOptions } from './tool-options';
import { answerResult, errorResult, type ToolResult } from './tool-results';

/** What compiling a route's tool needs from the application. */
export interface RouteToolEnv {
  dispatcher: RouteDispatcher;
  guards: GuardRegistry;
  container: AppContainer;
}

/** The marker a route's request made from a tool call carries: handlers and middleware may tell. */
export const MCP_TRANSPORT_HEADER = 'x-trellis-transport';

// What the route's method says of it, unless the tool says otherwise.
function defaultAnnotations(method: string): ToolAnnotations {
  if (method === 'GET') return { readOnlyHint: true, idempotentHint: true };
  if (method === 'PUT') return { readOnlyHint: false, idempotentHint: true };
  if (method === 'DELETE') return { readOnlyHint: false, destructiveHint: true, idempotentHint: true };
  return { readOnlyHint: false };
}

// The headers of the route's request: the MCP request's caller and client, never its cookies
// (a browser's would be spent by a page that only reached the MCP endpoint).
function innerHeaders(invocation: McpInvocation, body: string | undefined): Record<string, string> {
  const outer = invocation.request.headers;
  const headers: Record<string, string> = {
    accept: 'application/json',
    host: outer.host ?? 'localhost',
    'x-request-id': invocation.request.requestId,
    [MCP_TRANSPORT_HEADER]: 'mcp',
  };
  for (const name of [
    'authorization',
    'x-forwarded-for',
    'x-forwarded-proto',
    'x-forwarded-host',
    'user-agent',
    'accept-language',
  ]) {
    const value = outer[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const key = invocation.meta?.idempotencyKey;
  if (typeof key === 'string') headers['idempotency-key'] = key;
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  return headers;
}

/**
 * A route as a tool: its input described from its own schemas and its output from `Returns()`,
 * both once; a call becomes a request to the route, which answers it as it answers any client.
 */
export function compileRouteTool(
  route: CompiledRoute,
  options: ToolOptions,
  env: RouteToolEnv,
): CompiledTool {
  const where = `${route.controller.target.name}.${route.handler.name}`;
  if (options.input) throw new McpRouteToolOptionError(where, 'input');
  if (options.result === 'raw') throw new McpRouteToolOptionError(where, "result: 'raw'");
  const name = toolName(options.name, route.handler.name, where);
  const input = routeToolInput(route.path, route.handler.params, where);
  const returns = route.handler.get(RETURNS);
  const output = returns ? mcpJsonSchema(returns.schema, 'output') : undefined;
  const outputSchema = output && describesObjects(output) ? output : undefined;
  const method = route.method === 'ALL' ? (route.readsBody ? 'POST' : 'GET') : route.method;
  const description = options.description ?? route.handler.summary ?? route.handler.description;
  const definition: Record<string, unknown> = {
    name,
    ...(options.title && { title: options.title }),
    ...(description && { description }),
    inputSchema: input.schema,
    ...(outputSchema && { outputSchema }),
    annotations: { ...defaultAnnotations(method), ...options.annotations },
  };
  const errorBody = route.errorBody ?? REFERENCE_ERROR_BODY;
  const site = {
    className: route.controller.target.name,
    methodName: route.handler.name,
    transport: 'mcp',
    container: env.container,
  };

  return {
    name,
    handler: where,
    route: `${route.method} ${route.path}`,
    visibility: callerVisibility(route.guards, env.guards, site),
    notifies: false,
    definition,
    async call(args, invocation): Promise<ToolResult> {
      const { params, query, body } = input.split(args);
      let path: string;
      try {
        path = fillPath(route.path, params);
      } catch (err) {
        if (!(err instanceof HTTPException)) throw err;
        return errorResult(errorBody.value(err) ?? err.toJSON(), outputSchema === undefined);
      }
      const url = path + queryString(query);
      const text = body === undefined ? undefined : JSON.stringify(body);
      const inner: InnerRequest = {
        method,
        url,
        headers: innerHeaders(invocation, text),
        body: text,
        peer: invocation.request.peer,
      };
      const answer = await env.dispatcher.dispatch(invocation.request.req, inner);
      return answerResult(answer, url, outputSchema !== undefined);
    },
  };
}
