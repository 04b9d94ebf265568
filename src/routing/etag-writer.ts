import createEtag from 'etag';
import fresh from 'fresh';
import type { ResponseWriter } from '../http/response-writer';
import { HTTP_STATUS } from '../kernel';

const { OK, NOT_MODIFIED } = HTTP_STATUS;

/**
 * `writer` with conditional GETs (the `etag: true` option, given by the route compiler to routes
 * that answer GET; `All()` routes still see other methods here): a 200 answer to GET or HEAD carries
 * a weak ETag computed from its body, as Express's default does, and a request whose
 * `If-None-Match` still matches is answered 304 without a body. Off by default: hashing every
 * body costs more than most JSON APIs save by it, so only the applications that want it pay.
 */
export function withEtags(writer: ResponseWriter): ResponseWriter {
  return {
    sent: writer.sent,
    chosenStatus: writer.chosenStatus,
    empty: writer.empty,
    takeOver: writer.takeOver,
    json(ctx, status, body, headers) {
      if (status !== OK || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) {
        writer.json(ctx, status, body, headers);
        return;
      }
      const tag = createEtag(body, { weak: true });
      const withTag = { ...headers, ETag: tag };
      // fresh() also honours `Cache-Control: no-cache` in the request, as Express's req.fresh does.
      if (fresh(ctx.headers, { etag: tag })) writer.empty(ctx, NOT_MODIFIED, withTag);
      else writer.json(ctx, status, body, withTag);
    },
  };
}
