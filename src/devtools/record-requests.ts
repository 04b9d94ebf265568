import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Middleware } from '../engine/engine';
import { requestStateOf } from '../observability/request-state';
import { pathOfUrl } from '../routing/route-path';
import { DEVTOOLS_PATH } from './devtools-options';
import type { LoggedRequest, RequestLog } from './request-log';

// Engines hand middleware Node's request, or (Fastify) an object holding it as `raw`.
type EngineRequest = IncomingMessage & { raw?: IncomingMessage; originalUrl?: string };

/** Middleware that notes each answered request in `log`: the page's own requests excepted. */
export function recordRequests(log: RequestLog): Middleware {
  return (req: EngineRequest, res: ServerResponse & { raw?: ServerResponse }, next) => {
    const url = req.originalUrl ?? req.url ?? '/';
    if (pathOfUrl(url).startsWith(DEVTOOLS_PATH)) return next();
    const node = req.raw ?? req;
    const at = new Date();
    const started = performance.now();
    (res.raw ?? res).once('close', () => {
      const state = requestStateOf(node);
      const request: LoggedRequest = {
        at: at.toISOString(),
        method: node.method ?? 'GET',
        url,
        status: (res.raw ?? res).statusCode,
        durationMs: performance.now() - started,
      };
      if (state?.route) request.route = state.route;
      log.add(request, state?.id);
    });
    next();
  };
}
