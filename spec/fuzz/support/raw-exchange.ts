import { connect } from 'node:net';
import { expect } from 'chai';

/** One answer read off a raw connection. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  /** The body, dechunked; empty for a stream read up to its head. */
  body: string;
}

const HANG_MS = 5000;

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const line = data.indexOf('\r\n', at);
    if (line === -1) break;
    const size = Number.parseInt(data.subarray(at, line).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(data.subarray(line + 2, line + 2 + size));
    at = line + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function parse(data: Buffer, headOnly: boolean): RawAnswer | undefined {
  const end = data.indexOf('\r\n\r\n');
  if (end === -1) return undefined;
  const [statusLine, ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  const status = Number(statusLine?.split(' ')[1]);
  const rest = data.subarray(end + 4);
  if (headOnly && status === 200) return { status, headers, body: '' };
  if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length']);
    if (rest.length < length) return undefined;
    return { status, headers, body: rest.subarray(0, length).toString('utf8') };
  }
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    if (rest.indexOf('0\r\n\r\n') === -1) return undefined;
    return { status, headers, body: dechunk(rest).toString('utf8') };
  }
  return undefined;
}

/**
 * Writes `request` (latin1: every byte as given) on a new connection and reads one answer; fails
 * the spec when none comes within five seconds (a hang). `headOnly` stops at the head of a 200
 * (an event stream that stays open).
 */
export function exchange(port: number, request: string | Buffer, headOnly = false): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = Buffer.alloc(0);
    let done = false;
    const finish = (err: Error | undefined, answer?: RawAnswer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      if (err) reject(err);
      else resolve(answer!);
    };
    const timer = setTimeout(() => finish(new Error(`no answer within ${HANG_MS} ms (a hang)`)), HANG_MS);
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      const answer = parse(data, headOnly);
      if (answer) finish(undefined, answer);
    });
    socket.on('error', (err) => finish(err));
    socket.on('close', () => {
      const answer = parse(data, headOnly);
      if (answer) finish(undefined, answer);
      else
        finish(
          new Error(
            `connection closed without a whole answer: ${JSON.stringify(data.toString('latin1').slice(0, 200))}`,
          ),
        );
    });
    socket.write(typeof request === 'string' ? Buffer.from(request, 'latin1') : request);
  });
}

/** A request's text: request line, headers (a list, so a name may repeat), and a body with its length. */
export function rawRequest(
  method: string,
  target: string,
  headers: [string, string][],
  body?: string | Buffer,
): Buffer {
  const payload =
    body === undefined ? Buffer.alloc(0) : typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
  for (const [name, value] of headers) lines.push(`${name}: ${value}`);
  if (body !== undefined) lines.push(`Content-Length: ${payload.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload]);
}

const CODE = /^[A-Z][A-Z0-9_]*$/;

/** The properties every answer to untrusted input keeps: no 5xx, and every error JSON with a `code`. */
export function expectSound(answer: RawAnswer, what: string): void {
  expect(answer.status, `${what}: status`).to.be.within(100, 499);
  if (answer.status < 400) return;
  expect(answer.headers['content-type'], `${what}: content type of a ${answer.status}`).to.match(
    /^application\/json/,
  );
  let body: { code?: unknown; statusCode?: unknown };
  try {
    body = JSON.parse(answer.body);
  } catch {
    throw new Error(`${what}: a ${answer.status} whose body is not JSON: ${answer.body.slice(0, 200)}`);
  }
  expect(body.statusCode, `${what}: statusCode`).to.equal(answer.status);
  expect(String(body.code), `${what}: code`).to.match(CODE);
}

const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort();

/** Nothing a request sent reached Object.prototype (or Array's). */
export function expectPrototypesClean(what: string): void {
  expect(Object.getOwnPropertyNames(Object.prototype).sort(), `${what}: Object.prototype`).to.deep.equal(
    PROTOTYPE_KEYS,
  );
  const probe = {} as Record<string, unknown>;
  for (const key of ['polluted', 'isAdmin', 'role', 'x', 'a'])
    expect(probe[key], `${what}: ({}).${key}`).to.equal(undefined);
}
