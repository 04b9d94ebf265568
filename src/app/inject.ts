import type { IncomingHttpHeaders, OutgoingHttpHeaders, RequestListener } from 'node:http';

import type LightMyRequest = require('light-my-request');

/** What `app.inject` sends: an object body goes as JSON, a string or Buffer as it is. */
export interface InjectOptions {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS' | Lowercase<string>;
  url: string;
  headers?: Record<string, string | string[] | undefined>;
  body?: unknown;
}

/** The answer to `app.inject`. */
export interface InjectResponse {
  statusCode: number;
  headers: OutgoingHttpHeaders;
  /** The body as text. */
  body: string;
  /** The body parsed as JSON; throws when it is not JSON. */
  json<T = any>(): T;
}

let lightMyRequest: typeof LightMyRequest | undefined;

function payloadOf(options: InjectOptions): { payload?: string | Buffer; headers: IncomingHttpHeaders } {
  const headers: IncomingHttpHeaders = { ...options.headers };
  const { body } = options;
  if (body === undefined) return { headers };
  if (typeof body === 'string' || Buffer.isBuffer(body)) return { payload: body, headers };
  headers['content-type'] ??= 'application/json';
  return { payload: JSON.stringify(body), headers };
}

/**
 * Sends one request through a request listener in process, without a socket: light-my-request
 * builds the request and response objects the engine would get from node:http.
 */
export async function injectInto(listener: RequestListener, options: InjectOptions): Promise<InjectResponse> {
  // Loaded by the first injected request: applications in production never pay for it.
  lightMyRequest ??= require('light-my-request') as typeof LightMyRequest;
  const { payload, headers } = payloadOf(options);
  const response = await lightMyRequest(listener, {
    method: options.method.toUpperCase() as LightMyRequest.InjectOptions['method'],
    url: options.url,
    headers,
    payload,
    remoteAddress: '127.0.0.1',
  });
  const body = response.body;
  return {
    statusCode: response.statusCode,
    headers: response.headers,
    body,
    json: () => JSON.parse(body),
  };
}
