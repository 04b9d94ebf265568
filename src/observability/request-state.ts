import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { RequestContext } from '../http/request-context';
import { requestIdFrom } from './request-id';

/** What the framework notes about one HTTP request while observing it. */
export interface RequestState {
  readonly id: string;
  /** `performance.now()` when the request arrived. */
  readonly start: number;
  /** The URL as it arrived: middleware mounted on a path rewrites `req.url` while it runs. */
  readonly url?: string;
  /** The route template that served it; unset for requests no route matched. */
  route?: string;
  /** The context the route ran with (the caller, once a guard has authenticated it). */
  ctx?: RequestContext;
  /** The request's span, when tracing is on. */
  trace?: RequestSpan;
}

/** The span of a traced request, as the rest of the framework reaches it. */
export interface RequestSpan {
  /** Runs `fn(arg)`, the request's `route`, with this span active, so the spans it starts are its children. */
  run<A, T>(route: string, fn: (arg: A) => T, arg: A): T;
}

const STATE = Symbol('trellis.request');

type ObservedRequest = IncomingMessage & { [STATE]?: RequestState };

// Every field set at birth: one object shape for all requests, however far each one gets.
class ObservedState implements RequestState {
  route: string | undefined = undefined;
  ctx: RequestContext | undefined = undefined;
  trace: RequestSpan | undefined = undefined;

  constructor(
    readonly id: string,
    readonly start: number,
    readonly url: string | undefined,
  ) {}
}

/** Starts observing `req`: its id (from `X-Request-Id` when well-formed) and arrival time. */
export function beginRequest(req: IncomingMessage): RequestState {
  const state = new ObservedState(requestIdFrom(req.headers['x-request-id']), performance.now(), req.url);
  (req as ObservedRequest)[STATE] = state;
  return state;
}

/** The state of an observed request, if it is observed. */
export function requestStateOf(req: IncomingMessage | undefined): RequestState | undefined {
  return (req as ObservedRequest | undefined)?.[STATE];
}

/** Node's own request behind a context (Fastify wraps it; Express, `ws` and GraphQL do not). */
export function nodeRequestOf(ctx: RequestContext): IncomingMessage | undefined {
  const req = ctx.req;
  return req?.raw ?? req;
}

/**
 * The id of the request behind `ctx`. Without the `requestId` option (an upgrade, say) it is
 * made on first use, from `X-Request-Id` when well-formed, and kept for the rest of the request.
 */
export function requestIdOf(ctx: RequestContext): string {
  const req = nodeRequestOf(ctx);
  if (!req) return requestIdFrom(undefined);
  return (requestStateOf(req) ?? beginRequest(req)).id;
}

/**
 * Notes on `req` the route that serves it (its template and context, for logs, metrics and spans)
 * and runs `fn(arg)`, under the request's span when traced; a request nothing observes just runs.
 */
export function runObserved<A, T>(
  req: IncomingMessage | undefined,
  template: string,
  ctx: RequestContext,
  fn: (arg: A) => T,
  arg: A,
): T {
  const state = requestStateOf(req);
  if (!state) return fn(arg);
  state.route = template;
  state.ctx = ctx;
  return state.trace ? state.trace.run(template, fn, arg) : fn(arg);
}
