import { connect } from 'node:net';

/** A response read off the socket: status, lower-cased headers, body text. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** What to send: the exact header lines and body chunks, nothing added. */
export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string | (Buffer | string)[];
}

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (let guard = 0; guard < 10_000; guard++) {
    const eol = body.indexOf('\r\n', at);
    const size = Number.parseInt(body.subarray(at, eol).toString(), 16);
    if (!(size > 0)) break;
    parts.push(body.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function parse(raw: Buffer): RawResponse {
  const split = raw.indexOf('\r\n\r\n');
  const [statusLine, ...lines] = raw.subarray(0, split).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = raw.subarray(split + 4);
  const text = (headers['transfer-encoding'] === 'chunked' ? dechunk(body) : body).toString('utf8');
  return { status: Number(statusLine.split(' ')[1]), headers, text };
}

/**
 * Sends one HTTP/1.1 request byte for byte (supertest and fetch add their own framing headers),
 * so specs control Content-Length, Transfer-Encoding and the body exactly.
 */
export function sendRaw(baseUrl: string, request: RawRequest, timeoutMs = 5000): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const head = [
    `${request.method} ${request.path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    'Connection: close',
  ];
  for (const [name, value] of Object.entries(request.headers ?? {})) head.push(`${name}: ${value}`);
  const chunks =
    request.body === undefined ? [] : Array.isArray(request.body) ? request.body : [request.body];
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const received: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error('raw request timed out')), timeoutMs);
    socket.on('data', (data) => received.push(data));
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      if (received.length > 0) resolve(parse(Buffer.concat(received)));
    });
    socket.write(`${head.join('\r\n')}\r\n\r\n`);
    for (const chunk of chunks) socket.write(chunk);
  });
}

/** A body in chunked transfer encoding, one chunk per part, terminated. */
export function chunked(...parts: string[]): string {
  return `${parts.map((part) => `${Buffer.byteLength(part).toString(16)}\r\n${part}\r\n`).join('')}0\r\n\r\n`;
}
