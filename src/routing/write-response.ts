import type { Logger } from 'pino';
import { HTTP_STATUS } from '../kernel/errors/catalog';
import { InternalServerErrorException } from '../kernel/errors/exceptions';
import { toHttpException } from '../kernel/errors/to-http-exception';
import { reportFailure } from '../logging/report-failure';
import { redactUrl } from '../observability/redact-url';
import type { Serializer } from '../serialization/compile-serializer';
import type { RequestContext } from './request-context';
import type { ResponseWriter } from './response-writer';

const NO_CONTENT = HTTP_STATUS.NO_CONTENT;

/**
 * Sends a handler's return value: JSON through the route's serializer (its `Returns` schema's, or
 * `JSON.stringify`) with the chosen or default status; `undefined` is a 204.
 */
export function writeResult(
  writer: ResponseWriter,
  ctx: RequestContext,
  result: unknown,
  defaultStatus: number,
  serialize: Serializer,
): void {
  if (writer.sent(ctx)) return;
  const status = writer.chosenStatus(ctx);
  if (result === undefined) writer.empty(ctx, status ?? NO_CONTENT, ctx.responseHeaders);
  else writer.json(ctx, status ?? defaultStatus, serialize(result), ctx.responseHeaders);
}

/** Sends any thrown value as the JSON error body; 5xx are logged with their cause, never shown. */
export function writeError(writer: ResponseWriter, ctx: RequestContext, err: unknown, logger: Logger): void {
  const exception = toHttpException(err);
  reportFailure(
    logger,
    exception,
    { method: ctx.method, url: redactUrl(ctx.req?.url) },
    'request failed',
    ctx,
  );
  if (writer.sent(ctx)) return;
  const headers = ctx.answerHeaders ? { ...ctx.answerHeaders, ...exception.headers } : exception.headers;
  try {
    writer.json(ctx, exception.statusCode, JSON.stringify(exception.toJSON()), headers);
  } catch (writeErr) {
    // An exception's own headers may be unwritable (a newline in a value): answer a bare 500
    // rather than leave the request open.
    logger.error(
      { err: writeErr, method: ctx.method, url: redactUrl(ctx.req?.url) },
      'error response could not be written',
    );
    const fallback = new InternalServerErrorException();
    if (!writer.sent(ctx)) writer.json(ctx, fallback.statusCode, JSON.stringify(fallback.toJSON()));
  }
}
