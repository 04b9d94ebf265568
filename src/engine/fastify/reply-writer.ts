import { validateHeaderName, validateHeaderValue } from 'node:http';
import type { FastifyReply } from 'fastify';
import { HTTP_STATUS } from '../../kernel/errors/catalog';
import type { RequestContext } from '../../routing/request-context';
import type { ResponseWriter } from '../../routing/response-writer';

const JSON_TYPE = 'application/json; charset=utf-8';
const DEFAULT_STATUS = HTTP_STATUS.OK;

function reply(ctx: RequestContext): FastifyReply {
  return ctx.res;
}

// Fastify checks header values only when it writes the head, too late to answer otherwise;
// Node's checks, run here, throw at once as `res.setHeader` does on Express.
function setHeaders(res: FastifyReply, headers: Record<string, string>): void {
  for (const name in headers) {
    validateHeaderName(name);
    validateHeaderValue(name, headers[name]);
  }
  res.headers(headers);
}

/**
 * Writes through Fastify's reply with the body already serialised: Fastify sends the string
 * as is (no serializer, no schema), and its hooks (HEAD, cookies) still apply.
 */
export const replyWriter: ResponseWriter = {
  // A handler that wrote to `reply.raw` through `Res()` has sent too.
  sent: (ctx) => reply(ctx).sent || reply(ctx).raw.headersSent,
  chosenStatus: (ctx) => (reply(ctx).statusCode === DEFAULT_STATUS ? undefined : reply(ctx).statusCode),
  json(ctx, status, body, headers) {
    const res = reply(ctx).code(status);
    if (headers) setHeaders(res, headers);
    res.header('content-type', JSON_TYPE).send(body);
  },
  empty(ctx, status, headers) {
    const res = reply(ctx).code(status);
    if (headers) setHeaders(res, headers);
    res.send();
  },
  // Hijacked, Fastify leaves the raw response to the caller (and sends nothing on its own).
  takeOver(ctx) {
    const res = reply(ctx);
    res.hijack();
    return res.raw;
  },
};
