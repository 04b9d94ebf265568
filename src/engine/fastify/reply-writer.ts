import { validateHeaderName, validateHeaderValue } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { RequestContext } from '../../http/request-context';
import { HTTP_STATUS } from '../../kernel';
import type { ResponseWriter } from '../../routing';
import { directHeaders } from './fastify-internals';

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

// What `reply.send()` would write for a serialised body, written on the raw response in one
// `end()` as the Express engine does: `send()` parses the content type back, computes the length
// and writes the head through Node's slow path (its headers merged one `setHeader` at a time into
// the preset security headers), which cost a request more than everything else the engine does.
// Node's `setHeader` checks the names and values, and throws, as `reply.header()` does here.
function writeDirectly(
  res: FastifyReply,
  held: Record<string, string>,
  status: number,
  body: string,
  headers: Record<string, string> | undefined,
): void {
  const raw = res.raw;
  raw.statusCode = status;
  for (const name in held) raw.setHeader(name, held[name]);
  if (headers) for (const name in headers) raw.setHeader(name, headers[name]);
  raw.setHeader('content-type', JSON_TYPE);
  raw.end(body);
}

/**
 * Writes through Fastify's reply with the body already serialised: Fastify sends the string
 * as is (no serializer, no schema), and its hooks (HEAD, cookies) still apply. A route no
 * `onSend` hook watches is answered on the raw response, with the same head and body.
 */
export const replyWriter: ResponseWriter = {
  // A handler that wrote to `reply.raw` through `Res()` has sent too.
  sent: (ctx) => reply(ctx).sent || reply(ctx).raw.headersSent,
  chosenStatus: (ctx) => (reply(ctx).statusCode === DEFAULT_STATUS ? undefined : reply(ctx).statusCode),
  json(ctx, status, body, headers) {
    const held = directHeaders(reply(ctx));
    if (held) {
      writeDirectly(reply(ctx), held, status, body, headers);
      return;
    }
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
