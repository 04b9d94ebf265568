import type { ServerResponse } from 'node:http';
import type { ResponseWriter } from '../http/response-writer';
import { HTTP_STATUS } from '../kernel';

const JSON_TYPE = 'application/json; charset=utf-8';
const DEFAULT_STATUS = HTTP_STATUS.OK;

function raw(ctx: { res: ServerResponse }): ServerResponse {
  return ctx.res;
}

function setHeaders(res: ServerResponse, headers: Record<string, string> | undefined): void {
  if (headers) for (const name in headers) res.setHeader(name, headers[name]);
}

/**
 * Writes straight to Node's `ServerResponse` (which Express's `res` is): one `end()` with the
 * serialised body, no ETag hashing and no content negotiation on the hot path.
 */
export const nodeResponseWriter: ResponseWriter = {
  sent: (ctx) => raw(ctx).headersSent,
  chosenStatus: (ctx) => (raw(ctx).statusCode === DEFAULT_STATUS ? undefined : raw(ctx).statusCode),
  json(ctx, status, body, headers) {
    const res = raw(ctx);
    res.statusCode = status;
    setHeaders(res, headers);
    res.setHeader('Content-Type', JSON_TYPE);
    res.end(body);
  },
  empty(ctx, status, headers) {
    const res = raw(ctx);
    res.statusCode = status;
    setHeaders(res, headers);
    res.end();
  },
  takeOver: (ctx) => raw(ctx),
};
