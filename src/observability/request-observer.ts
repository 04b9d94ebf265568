import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks'; // The global one is a getter, run on every read.
import type { AppMetrics } from '../metrics';
import { setCheckedHeader } from '../security';
import type { Tracing } from '../tracing';
import type { AccessLog } from './access-log';
import { beginRequest, type RequestState, requestStateOf } from './request-state';
import type { RouteFinder } from './route-finder';

/** Called by the engine first thing for every HTTP request, before any middleware. */
export type RequestObserver = (req: IncomingMessage, res: ServerResponse) => void;

/** Hears of each answered request, with its state (route, id) and how long it took. */
export type AnswerWatcher = (
  req: IncomingMessage,
  res: ServerResponse,
  state: RequestState,
  elapsedMs: number,
) => void;

/** What observes requests; each part is absent when its option is off. */
export interface ObserverParts {
  requestId: boolean;
  accessLog?: AccessLog;
  metrics?: AppMetrics;
  tracing?: Tracing;
  /** What installed features note of every answer (the devtools page's request log). */
  watchers?: readonly AnswerWatcher[];
  /** The template of a request answered before its route ran. */
  findRoute: RouteFinder;
}

/** Whether any part observes requests: when none does, neither requests nor routes pay for it. */
export function observesRequests(
  parts: {
    readonly [P in Exclude<keyof ObserverParts, 'findRoute' | 'watchers'>]?: unknown;
  } & { readonly watchers?: readonly unknown[] },
): boolean {
  const { requestId, accessLog, metrics, tracing, watchers } = parts;
  return Boolean(requestId || accessLog || metrics || tracing || (watchers && watchers.length > 0));
}

/**
 * The one function every request passes through when anything observes requests, made at
 * `ready()` from the parts that are on; `undefined` when none is, so requests pay for nothing.
 */
export function createRequestObserver(parts: ObserverParts): RequestObserver | undefined {
  const { requestId, accessLog, metrics, tracing, findRoute } = parts;
  const watchers = parts.watchers ?? [];
  if (!observesRequests(parts)) return undefined;
  // One listener for every part and every request (no closure per request): Node emits 'close'
  // once, when the answer is done or the client gone, and the response knows its request.
  function answered(this: ServerResponse): void {
    const req = this.req;
    const state = requestStateOf(req);
    if (!state) return;
    state.route ??= findRoute(req.method, state.url);
    // One reading of the clock for the metrics and the line, so they tell the same duration.
    const elapsedMs = performance.now() - state.start;
    if (metrics) metrics.requestEnded(req, this, state, elapsedMs);
    if (tracing) tracing.requestEnded(this, state, elapsedMs);
    if (accessLog) accessLog(req, this, state, elapsedMs);
    for (const watch of watchers) watch(req, this, state, elapsedMs);
  }
  const watchesEnd = Boolean(accessLog || metrics || tracing || watchers.length > 0);
  return (req, res) => {
    const state = beginRequest(req);
    // The id is a UUID or matched a strict pattern: nothing for setHeader's checks to find.
    if (requestId) setCheckedHeader(res, 'x-request-id', 'X-Request-Id', state.id);
    if (tracing) tracing.requestStarted(req, state);
    if (watchesEnd) res.on('close', answered);
  };
}
