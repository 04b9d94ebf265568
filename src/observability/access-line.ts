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
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what JSON escapes.
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

// The fixed stretches of a line (by level, method, status, route and message, a few of each)
// made once, so that a line is nine pieces joined rather than twenty-odd. Bounded all the same:
// past the bound a value is made each time (and used once). `keep` prepares a value kept.
const MEMO_BOUND = 1_000;
function memo<K, V>(make: (key: K) => V, keep: (value: V) => V = (value) => value): (key: K) => V {
  const made = new Map<K, V>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      value = make(key);
      if (made.size < MEMO_BOUND) {
        value = keep(value);
        made.set(key, value);
      }
    }
    return value;
  };
}

// V8 keeps a string joined with `+` as a tree of its parts and walks the whole tree whenever the
// string is copied (into the log's buffer, say): a stretch kept and copied into every line is
// made flat once. A JSON round trip gives back the same text, in one piece.
const flat = (text: string): string => JSON.parse(JSON.stringify(text));

/** A memo of stretches of text, each kept in one piece. */
const stretches = <K>(make: (key: K) => string) => memo(make, flat);

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
  const head = stretches((value: number) => `{"level":${value},"time":`);
  const request = stretches((method: string | undefined) =>
    method === undefined ? '","req":{"url":' : `","req":{"method":"${method}","url":`,
  );
  const status = stretches((code: number) => `},"res":{"statusCode":${code}},"responseTime":`);
  const route = stretches((template: string | undefined) => optional('route', template));
  const ending = stretches((msg: string) => `,"msg":${jsonString(msg)}}\n`);
  // Routes and messages combine into few tails: one memo of routes per message.
  const tail = memo((msg: string) => {
    const end = ending(msg);
    return stretches((template: string | undefined) => route(template) + end);
  });
  // The bindings change only when the application sets them: the stretch after the time is
  // remade when they do.
  let bindings: string | undefined;
  let afterTime = '';
  return (level, fields, msg) => {
    const value = values[level];
    if (value < logger.levelVal) return;
    const current = (logger as unknown as Record<symbol, string>)[chindingsSym];
    if (current !== bindings) {
      bindings = current;
      afterTime = flat(`${current},"reqId":"`);
    }
    const { url, userId } = fields;
    const req =
      url === undefined
        ? `","req":{${fields.method === undefined ? '' : `"method":"${fields.method}"`}`
        : request(fields.method) + jsonString(url);
    let rest: string;
    if (userId === undefined) {
      rest = tail(msg)(fields.route);
    } else {
      const user = typeof userId === 'string' ? jsonString(userId) : JSON.stringify(userId);
      rest = `${route(fields.route)},"userId":${user}${ending(msg)}`;
    }
    stream.write(
      head(value) +
        timeText() +
        afterTime +
        fields.reqId +
        req +
        status(fields.statusCode) +
        fields.responseTime +
        rest,
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
