import type { Logger } from 'pino';
import pino from 'pino';
import type { BatchedStream } from '../logging/batched-stdout';

/** The fields of one access line, as `createAccessLog` has them. */
export interface AccessFields {
  reqId: string;
  method: string | undefined;
  url: string | undefined;
  statusCode: number;
  responseTime: number;
  route: string | undefined;
  userId: string | number | undefined;
}

/** Writes one access line at a level, with its message; nothing when the level is off. */
export type AccessLineWriter = (level: string, fields: AccessFields, msg: string) => void;

const { chindingsSym } = pino.symbols;

// What JSON.stringify escapes in a string: a quote, a backslash, a control character, a lone
// surrogate. URLs and route templates seldom hold one, and quoting them by hand costs a fifth of
// JSON.stringify.
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** `value` as a JSON string, as JSON.stringify writes it. */
const jsonString = (value: string) => (NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`);

// Optional string fields are left out when undefined, as JSON.stringify (and so pino) leaves them.
const optional = (name: string, value: string | undefined) =>
  value === undefined ? '' : `,"${name}":${jsonString(value)}`;

// Many lines share one millisecond: its digits are written once (an epoch in milliseconds is a
// heap number, which V8 turns into text the slow way every time).
let lastTime = 0;
let lastTimeText = '0';
function timeText(): string {
  const now = Date.now();
  if (now !== lastTime) {
    lastTime = now;
    lastTimeText = String(now);
  }
  return lastTimeText;
}

/**
 * The access line of the default logger, written ready-made: the same bytes pino writes for
 * `logger[level]({ reqId, req: { method, url }, res: { statusCode }, responseTime, route, userId },
 * msg)` (level, epoch time, the logger's bindings, the fields, msg), without pino's walk over a
 * nested object and a second serialisation of each part. Only for the logger `createLogger` made,
 * whose options are known; the request id is a UUID or matched a pattern without quotes or
 * backslashes, the method is an HTTP token, so neither needs escaping.
 */
export function readyMadeAccessLine(logger: Logger, stream: BatchedStream): AccessLineWriter {
  const values = logger.levels.values;
  return (level, fields, msg) => {
    const value = values[level];
    if (value < logger.levelVal) return;
    const bindings = (logger as unknown as Record<symbol, string>)[chindingsSym];
    const req =
      fields.method === undefined
        ? optional('url', fields.url).slice(1)
        : `"method":"${fields.method}"${optional('url', fields.url)}`;
    const { userId } = fields;
    const user =
      userId === undefined
        ? ''
        : `,"userId":${typeof userId === 'string' ? jsonString(userId) : JSON.stringify(userId)}`;
    stream.write(
      `{"level":${value},"time":${timeText()}${bindings},"reqId":"${fields.reqId}","req":{${req}},"res":{"statusCode":${fields.statusCode}},"responseTime":${fields.responseTime}${optional('route', fields.route)}${user},"msg":${jsonString(msg)}}\n`,
    );
  };
}

/** The same line through pino, for any logger: what an application's own logger gets. */
export function pinoAccessLine(logger: Logger): AccessLineWriter {
  return (level, fields, msg) => {
    const line: Record<string, unknown> = {
      reqId: fields.reqId,
      req: { method: fields.method, url: fields.url },
      res: { statusCode: fields.statusCode },
      responseTime: fields.responseTime,
      route: fields.route,
    };
    if (fields.userId !== undefined) line.userId = fields.userId;
    (logger[level as 'info'] as (obj: object, msg: string) => void).call(logger, line, msg);
  };
}
