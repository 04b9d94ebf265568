import type { AnswerWatcher } from '../observability/request-observer';
import { pathOfUrl } from '../routing';
import { DEVTOOLS_PATH } from './devtools-options';
import type { LoggedRequest, RequestLog } from './request-log';

/**
 * Notes each answered request in `log`, the page's own requests excepted: heard through the
 * request observer, which knows the route, the request's id and its duration.
 */
export function recordRequests(log: RequestLog): AnswerWatcher {
  return (req, res, state, elapsedMs) => {
    const url = state.url ?? req.url ?? '/';
    if (pathOfUrl(url).startsWith(DEVTOOLS_PATH)) return;
    const request: LoggedRequest = {
      at: new Date(Date.now() - elapsedMs).toISOString(),
      method: req.method ?? 'GET',
      url,
      status: res.statusCode,
      durationMs: elapsedMs,
    };
    if (state.route) request.route = state.route;
    log.add(request, state.id);
  };
}
