import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { HTTP_STATUS } from '../kernel/errors/catalog';
import type { AccessLogOptions } from './observability-options';
import { redactUrl } from './redact-url';
import type { RequestState } from './request-state';

/** Writes the access log line of one request; called once its answer is done. */
export type AccessLog = (req: IncomingMessage, res: ServerResponse, state: RequestState) => void;

const SERVER_ERROR = HTTP_STATUS.INTERNAL_SERVER_ERROR;

interface AccessLine {
  reqId: string;
  req: { method: string | undefined; url: string | undefined };
  res: { statusCode: number };
  responseTime: number;
  route: string | undefined;
  userId?: string | number;
}

/**
 * The access log, in pino-http's line shape: `reqId`, `req` (method, URL with secret query values
 * redacted), `res` (status), `responseTime` (ms), the route template and the caller's `userId`;
 * never a header, cookie or body. Answers below 500 are logged at `level`, a `sampleRate` share
 * of them; 5xx always, at `error`. One line per request and no child logger per request: pino-http
 * makes two, which cost more than the line itself.
 */
export function createAccessLog(logger: Logger, options: AccessLogOptions): AccessLog {
  const level = options.level ?? 'info';
  const rate = options.sampleRate ?? 1;
  // The line is built here from fixed fields, never from headers, cookies or bodies, so there is
  // nothing for pino's redaction to find (and its wildcard paths would cost every line).
  return (req, res, state) => {
    const failed = res.statusCode >= SERVER_ERROR;
    if (!failed && rate < 1 && Math.random() >= rate) return;
    const { statusCode } = res;
    const line: AccessLine = {
      reqId: state.id,
      req: { method: req.method, url: redactUrl(state.url) },
      res: { statusCode },
      responseTime: Math.round(performance.now() - state.start),
      route: state.route,
    };
    const userId = state.ctx?.user?.id;
    if (userId !== undefined) line.userId = userId;
    if (failed) logger.error(line, 'request failed');
    else if (res.writableFinished) logger[level](line, 'request completed');
    else logger[level](line, 'request aborted');
  };
}
