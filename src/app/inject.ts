import type { IncomingHttpHeaders, OutgoingHttpHeaders, RequestListener } from 'node:http';

import type LightMyRequest = require('light-my-request');

import { WRAPPED_EXPRESS_APP } from '../engine/engine';
import type { ServedMethod } from '../kernel/http-methods';

/** What `app.inject` sends: an object body goes as JSON, a string or Buffer as it is. */
export interface InjectOptions {
  /** The HTTP method. */
  method: ServedMethod | Lowercase<string>;
  /** The path and query string. */
  url: string;
  /** Request headers. */
  headers?: Record<string, string | string[] | undefined>;
  /** An object goes as JSON; a string or Buffer as it is. */
  body?: unknown;
}

/** The answer to `app.inject`. */
export interface InjectResponse {
  /** The HTTP status. */
  statusCode: number;
  /** The response headers. */
  headers: OutgoingHttpHeaders;
  /** The body as text. */
  body: string;
  /** The body parsed as JSON; throws when it is not JSON. */
  json<T = any>(): T;
}

let lightMyRequest: typeof LightMyRequest | undefined;

type ExpressListener = RequestListener & {
  request?: { app?: unknown };
  response?: object;
  [WRAPPED_EXPRESS_APP]?: ExpressListener;
};

// light-my-request serves an Express app by moving the prototypes of Express's request and
// response objects, which every Express app in the process shares, onto its own fakes: a real
// request to another app would then fail. They are put back once no injection is in flight.
let inFlight = 0;
let restore: (() => void) | undefined;

function lendExpressPrototypes(listener: ExpressListener): void {
  inFlight++;
  // An observed Express app is wrapped, so light-my-request no longer recognises it: lent here.
  const app = listener[WRAPPED_EXPRESS_APP] ?? listener;
  if (restore || app.request?.app !== app) return;
  const request = Object.getPrototypeOf(app.request);
  const response = Object.getPrototypeOf(app.response);
  const [requestParent, responseParent] = [Object.getPrototypeOf(request), Object.getPrototypeOf(response)];
  restore = () => {
    Object.setPrototypeOf(request, requestParent);
    Object.setPrototypeOf(response, responseParent);
  };
  if (app !== listener) {
    Object.setPrototypeOf(request, require('light-my-request/lib/request').prototype);
    Object.setPrototypeOf(response, require('light-my-request/lib/response').prototype);
  }
}

function returnExpressPrototypes(): void {
  inFlight--;
  if (inFlight > 0 || !restore) return;
  restore();
  restore = undefined;
}

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
  lendExpressPrototypes(listener);
  const response = await lightMyRequest(listener, {
    method: options.method.toUpperCase() as LightMyRequest.InjectOptions['method'],
    url: options.url,
    headers,
    payload,
    remoteAddress: '127.0.0.1',
  }).finally(returnExpressPrototypes);
  const body = response.body;
  return {
    statusCode: response.statusCode,
    headers: response.headers,
    body,
    json: () => JSON.parse(body),
  };
}
