import type { Duplex } from 'node:stream';
import type { HTTPException } from '../kernel/errors/http-exception';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Answers an upgrade request with a plain HTTP error (the usual JSON error body) and closes the
 * socket, so the client learns why before any WebSocket exists.
 */
export function refuseUpgrade(socket: Duplex, exception: HTTPException): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(exception.toJSON());
  const headers: Record<string, string | number> = {
    Connection: 'close',
    'Content-Type': JSON_TYPE,
    'Content-Length': Buffer.byteLength(body),
    ...exception.headers,
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${exception.statusCode} ${exception.error}\r\n${head.join('\r\n')}\r\n\r\n${body}`);
}
