import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { HTTP_STATUS, variableOf } from '../kernel';
import { defaultLoggerStream } from '../logging/logger';
import { pinoAccessLine, readyMadeAccessLine } from './access-line';
import type { AccessLogOptions } from './observability-options';
import { redactUrl } from './redact-url';
import type { RequestState } from './request-state';

/** Writes the access log line of one request that took `elapsedMs`; called once its answer is done. */
export type AccessLog = (
  req: IncomingMessage,
  res: ServerResponse,
  state: RequestState,
  elapsedMs: number,
) => void;

const SERVER_ERROR = HTTP_STATUS.INTERNAL_SERVER_ERROR;
const SERVICE_UNAVAILABLE = HTTP_STATUS.SERVICE_UNAVAILABLE;

/**
 * The access log, in pino-http's line shape: `reqId`, `req` (method, URL with secret query values
 * redacted), `res` (status), `responseTime` (ms), the route template and the caller's `userId`;
 * never a header, cookie or body. Answers below 500 are logged at `level`, a `sampleRate` share
 * of them; 5xx always, at `error`, but a 503 while `draining()` at `level`. One line per request and no child logger per request: pino-http
 * makes two, which cost more than the line itself.
 */
export function createAccessLog(
  logger: Logger,
  options: AccessLogOptions,
  draining: () => boolean = () => false,
): AccessLog {
  const level = options.level ?? 'info';
  const rate = options.sampleRate ?? 1;
  // The line is built from fixed fields, never from headers, cookies or bodies, so there is
  // nothing for pino's redaction to find (and its wildcard paths would cost every line). The
  // default logger's line is written ready-made; an application's own logger gets it through pino.
  const stream = defaultLoggerStream(logger);
  const write = stream ? readyMadeAccessLine(logger, stream) : pinoAccessLine(logger);
  return (req, res, state, elapsedMs) => {
    const { statusCode } = res;
    const failed = statusCode >= SERVER_ERROR;
    if (!failed && rate < 1 && Math.random() >= rate) return;
    const fields = {
      reqId: state.id,
      method: req.method,
      url: redactUrl(state.url),
      statusCode,
      responseTime: Math.round(elapsedMs),
      route: state.route,
      userId: (state.ctx && (variableOf(state.ctx, 'user') as { id?: string | number } | undefined))?.id,
    };
    // A 503 while the application drains is what it means to answer (readiness probes, the
    // last requests): the drain's own lines say why, so no error.
    if (failed && !(statusCode === SERVICE_UNAVAILABLE && draining()))
      write('error', fields, 'request failed');
    else if (failed) write(level, fields, 'request refused while draining');
    else write(level, fields, res.writableFinished ? 'request completed' : 'request aborted');
  };
}
