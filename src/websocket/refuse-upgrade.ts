import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type ErrorBodyWriter, REFERENCE_ERROR_BODY } from '../error-body/error-body-writer';
import { type HTTPException, InternalServerErrorException } from '../kernel';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Answers an upgrade request with a plain HTTP error (the application's JSON error body, the
 * reference 500 when a custom one cannot be built) and closes the socket, so the client learns
 * why before any WebSocket exists.
 */
export function refuseUpgrade(
  socket: Duplex,
  exception: HTTPException,
  errorBody: ErrorBodyWriter = REFERENCE_ERROR_BODY,
  req?: IncomingMessage,
): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const json = errorBody.json(exception, req && { method: req.method ?? 'GET', req });
  const answer = json === undefined ? new InternalServerErrorException() : exception;
  const body = json ?? JSON.stringify(answer.toJSON());
  const headers: Record<string, string | number> = {
    Connection: 'close',
    'Content-Type': JSON_TYPE,
    'Content-Length': Buffer.byteLength(body),
    ...answer.headers,
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${answer.statusCode} ${answer.error}\r\n${head.join('\r\n')}\r\n\r\n${body}`);
}
