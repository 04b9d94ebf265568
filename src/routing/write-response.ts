import type { Logger } from 'pino';
import { type ErrorBodyWriter, REFERENCE_ERROR_BODY } from '../error-body/error-body-writer';
import type { RequestContext } from '../http/request-context';
import type { ResponseWriter } from '../http/response-writer';
import { HTTP_STATUS, InternalServerErrorException, toHttpException } from '../kernel';
import { reportFailure } from '../logging/report-failure';
import { redactUrl } from '../observability/redact-url';
import type { Serializer } from '../serialization/compile-serializer';

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

/**
 * Sends any thrown value as the JSON error body `body` builds (the reference one by default); 5xx
 * are logged with their cause, never shown. A custom body that cannot be built is the reference
 * 500 instead, so a broken builder never leaves the request unanswered.
 */
export function writeError(
  writer: ResponseWriter,
  ctx: RequestContext,
  err: unknown,
  logger: Logger,
  body: ErrorBodyWriter = REFERENCE_ERROR_BODY,
): void {
  const exception = toHttpException(err);
  reportFailure(
    logger,
    exception,
    { method: ctx.method, url: redactUrl(ctx.req?.url) },
    'request failed',
    ctx,
  );
  if (writer.sent(ctx)) return;
  try {
    const json = body.json(exception, ctx);
    if (json === undefined) writeFallback(writer, ctx, ctx.answerHeaders);
    else {
      const headers = ctx.answerHeaders ? { ...ctx.answerHeaders, ...exception.headers } : exception.headers;
      writer.json(ctx, exception.statusCode, json, headers);
    }
  } catch (writeErr) {
    // An exception's own headers may be unwritable (a newline in a value): answer a bare 500
    // rather than leave the request open.
    logger.error(
      { err: writeErr, method: ctx.method, url: redactUrl(ctx.req?.url) },
      'error response could not be written',
    );
    if (!writer.sent(ctx)) writeFallback(writer, ctx, undefined, body);
  }
}

// A bare 500: in `body` when it can still build one, else in the reference body.
function writeFallback(
  writer: ResponseWriter,
  ctx: RequestContext,
  headers?: Record<string, string>,
  body?: ErrorBodyWriter,
): void {
  const fallback = new InternalServerErrorException();
  const json = body?.json(fallback, ctx) ?? JSON.stringify(fallback.toJSON());
  writer.json(ctx, fallback.statusCode, json, headers);
}
