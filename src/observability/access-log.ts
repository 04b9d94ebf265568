import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type * as PinoHttp from 'pino-http';
import { loadOptional } from '../optional/load-optional';
import type { AccessLogOptions } from './observability-options';
import { redactUrl } from './redact-url';
import { requestStateOf } from './request-state';

/** Starts the access log line of one request; it is written when the answer is done. */
export type AccessLog = (req: IncomingMessage, res: ServerResponse) => void;

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace']);
const SERVER_ERROR = 500;

// Headers are not logged at all; these paths guard against a custom serializer that adds them.
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
];

/** Refuses a malformed `accessLog` option when the application is created. */
export function checkAccessLogOptions(options: AccessLogOptions): void {
  if (options.level !== undefined && !LEVELS.has(options.level))
    throw new Error(`accessLog.level must be one of ${[...LEVELS].join(', ')} (got '${options.level}')`);
  const rate = options.sampleRate;
  if (rate !== undefined && !(typeof rate === 'number' && rate >= 0 && rate <= 1))
    throw new Error(`accessLog.sampleRate must be a number from 0 to 1 (got ${rate})`);
}

// Known only once the answer is done: the route that served it and the caller it authenticated.
function answerDetails(req: IncomingMessage) {
  const state = requestStateOf(req);
  const userId = state?.ctx?.user?.id;
  return userId === undefined ? { route: state?.route } : { route: state?.route, userId };
}

/**
 * The access log through pino-http: method, URL (secret query values redacted), route template,
 * status, duration (`responseTime`, ms), `reqId` and `userId`; never a header, cookie or body.
 * Answers below 500 are logged at `level`, a `sampleRate` share of them; 5xx always, at `error`.
 */
export function createAccessLog(logger: Logger, options: AccessLogOptions): AccessLog {
  const { pinoHttp } = loadOptional<typeof PinoHttp>('pino-http', 'The accessLog option');
  const level = options.level ?? 'info';
  const rate = options.sampleRate ?? 1;
  const middleware = pinoHttp({
    logger,
    genReqId: (req) => requestStateOf(req)?.id ?? '',
    // `reqId` goes on the request's logger; the finished line adds the request and answer.
    quietReqLogger: true,
    wrapSerializers: false,
    redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
    serializers: {
      req: (req: IncomingMessage) => ({ method: req.method, url: redactUrl(req.url) }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, err) => {
      if (err || res.statusCode >= SERVER_ERROR) return 'error';
      return rate < 1 && Math.random() >= rate ? 'silent' : level;
    },
    customSuccessObject: (req, _res, line) => ({ ...line, ...answerDetails(req) }),
    // The framework has logged the cause of a 5xx already; the access line says only that it was one.
    customErrorObject: (req, res, _err, line) => ({
      res,
      responseTime: line.responseTime,
      ...answerDetails(req),
    }),
    customErrorMessage: () => 'request failed',
  });
  return (req, res) => middleware(req, res);
}
