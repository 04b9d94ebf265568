import type { Logger } from 'pino';
import { HTTP_STATUS } from '../errors/catalog';
import { InternalServerErrorException } from '../errors/exceptions';
import { toHttpException } from '../errors/to-http-exception';
import { redactUrl } from '../observability/redact-url';
import { requestLogger } from '../observability/request-logger';
import type { RequestContext } from './request-context';
import type { ResponseWriter } from './response-writer';

const NO_CONTENT = HTTP_STATUS.NO_CONTENT;
const SERVER_ERROR = HTTP_STATUS.INTERNAL_SERVER_ERROR;

/** Sends a handler's return value: JSON with the chosen or default status; `undefined` is a 204. */
export function writeResult(
  writer: ResponseWriter,
  ctx: RequestContext,
  result: unknown,
  defaultStatus: number,
): void {
  if (writer.sent(ctx)) return;
  const status = writer.chosenStatus(ctx);
  if (result === undefined) writer.empty(ctx, status ?? NO_CONTENT);
  else writer.json(ctx, status ?? defaultStatus, JSON.stringify(result));
}

/** Sends any thrown value as the JSON error body; 5xx are logged with their cause, never shown. */
export function writeError(writer: ResponseWriter, ctx: RequestContext, err: unknown, logger: Logger): void {
  const exception = toHttpException(err);
  if (exception.statusCode === HTTP_STATUS.SERVICE_UNAVAILABLE) {
    // An outage of a backing service fails every request the same way: one short line each,
    // not a stack trace each.
    requestLogger(ctx, logger).warn(
      { method: ctx.method, url: redactUrl(ctx.req?.url), statusCode: exception.statusCode },
      exception.message,
    );
  } else if (exception.statusCode >= SERVER_ERROR) {
    requestLogger(ctx, logger).error(
      {
        err: exception.cause ?? exception,
        method: ctx.method,
        url: redactUrl(ctx.req?.url),
        statusCode: exception.statusCode,
      },
      'request failed',
    );
  }
  if (writer.sent(ctx)) return;
  try {
    writer.json(ctx, exception.statusCode, JSON.stringify(exception.toJSON()), exception.headers);
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
