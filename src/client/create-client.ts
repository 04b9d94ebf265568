import type { ContractRoute, ContractRoutes } from '../contract';
import { checkInput } from './check-input';
import type { CallOptions, Client, ClientOptions, HeadersSource } from './client-types';
import { ContractInputError } from './contract-input-error';
import { requestUrl } from './request-url';
import { UnexpectedStatusError } from './unexpected-status-error';

interface CallRequest {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, unknown>;
}

async function headersOf(source: HeadersSource | undefined): Promise<Record<string, string>> {
  if (!source) return {};
  return typeof source === 'function' ? source() : source;
}

function stringValues(values: Record<string, unknown> = {}): Record<string, string> {
  const strings: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) if (value !== undefined) strings[key] = String(value);
  return strings;
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  return /[/+]json\b/.test(type) ? JSON.parse(text) : text;
}

// The first version a route names, sent as the server's versioning reads it.
function versioned(
  route: ContractRoute,
  options: ClientOptions,
  headers: Record<string, string>,
): ContractRoute {
  const version = typeof route.version === 'string' ? route.version : route.version?.[0];
  const { versioning } = options;
  if (version === undefined || !versioning) return route;
  if (versioning.type === 'uri') return { ...route, path: `/v${version}${route.path}` };
  if (versioning.type === 'header') headers[versioning.header.toLowerCase()] = version;
  else headers.accept = `application/json;${versioning.key}${version}`;
  return route;
}

function routeCall(name: string, route: ContractRoute, options: ClientOptions) {
  const send = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  return async (request: CallRequest = {}, call: CallOptions = {}) => {
    const issues = checkInput(route, request as Record<string, unknown>);
    if (issues.length > 0) throw new ContractInputError(name, issues);
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...(await headersOf(options.headers)),
      ...stringValues(request.headers),
      ...call.headers,
    };
    const hasBody = request.body !== undefined;
    if (hasBody) headers['content-type'] = 'application/json';
    const target = versioned(route, options, headers);
    const response = await send(requestUrl(options.baseUrl, target, request.params, request.query), {
      method: route.method,
      headers,
      body: hasBody ? JSON.stringify(request.body) : undefined,
      signal: call.signal,
    });
    const body = await bodyOf(response);
    if (!(response.status in route.responses))
      throw new UnexpectedStatusError(name, response.status, body, response.headers);
    return { status: response.status, body, headers: response.headers };
  };
}

/**
 * A client for the routes of a contract, typed by it and without a generation step: one function
 * per route, taking `{ params, query, body, headers }` and resolving to `{ status, body, headers }`
 * discriminated by status. A call whose values fail the contract throws `ContractInputError`
 * before anything is sent; an answer the contract does not list throws `UnexpectedStatusError`.
 * @example const api = createClient(tasksApi, { baseUrl }); const r = await api.getTask({ params: { id } });
 */
export function createClient<C extends ContractRoutes>(routes: C, options: ClientOptions): Client<C> {
  const client: Record<string, unknown> = {};
  for (const [name, route] of Object.entries(routes)) client[name] = routeCall(name, route, options);
  return client as Client<C>;
}
