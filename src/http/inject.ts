import {
  type IncomingHttpHeaders,
  IncomingMessage,
  type OutgoingHttpHeaders,
  type RequestListener,
  ServerResponse,
} from 'node:http';

import type LightMyRequest = require('light-my-request');

import { WRAPPED_EXPRESS_APP } from '../engine/engine';
import type { ServedMethod } from '../http/http-methods';

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

// An Express app's requests and responses are made to inherit from light-my-request's fakes
// while an injection is in flight (Express moves every request onto its own prototypes), by
// moving the prototypes of Express's request and response objects, which every Express app in
// the process shares: a real request to another app would then fail. They are put back once no
// injection is in flight. This is done here, never by light-my-request, which moves the link
// just below the app's own prototype: once the app listens that link is the app's (its server
// puts a prototype of its own below, see express-server.ts), and moving it would cut Express's
// getters (`req.query`) out of every injected request.
let inFlight = 0;
let restore: (() => void) | undefined;

// Express's own prototype in `start`'s chain: the one whose parent is Node's.
function expressLink(start: object, node: object): object | undefined {
  for (let proto: object | null = start; proto; proto = Object.getPrototypeOf(proto))
    if (Object.getPrototypeOf(proto) === node) return proto;
  return undefined;
}

function lendExpressPrototypes(listener: ExpressListener): void {
  inFlight++;
  const app = listener[WRAPPED_EXPRESS_APP] ?? listener;
  if (restore || app.request?.app !== app || !app.response) return;
  const request = expressLink(app.request, IncomingMessage.prototype);
  const response = expressLink(app.response, ServerResponse.prototype);
  if (!request || !response) return;
  restore = () => {
    Object.setPrototypeOf(request, IncomingMessage.prototype);
    Object.setPrototypeOf(response, ServerResponse.prototype);
  };
  Object.setPrototypeOf(request, require('light-my-request/lib/request').prototype);
  Object.setPrototypeOf(response, require('light-my-request/lib/response').prototype);
}

// light-my-request recognises an Express app by its `request` and would move its prototypes
// itself: a plain function hides it.
function dispatcherOf(listener: ExpressListener): RequestListener {
  return listener.request ? (req, res) => listener(req, res) : listener;
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
  const response = await lightMyRequest(dispatcherOf(listener), {
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
