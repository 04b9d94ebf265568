import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type ErrorBodyWriter, REFERENCE_ERROR_BODY } from '../error-body/error-body-writer';
import { HTTPException, InternalServerErrorException, reasonPhrase } from '../kernel';

/** The code of the 400 a request Node's HTTP parser refuses gets (a NUL in a header, a bad request line). */
export const MALFORMED_HTTP_REQUEST = 'MALFORMED_HTTP_REQUEST';

type ParserError = Error & { code?: string };
type ServerSocket = Duplex & { _httpMessage?: { headersSent?: boolean } | null };

// Node's parser codes that mean something other than a plain malformed request.
const STATUS_BY_CODE: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

const MESSAGES: Record<number, string> = {
  400: 'Malformed HTTP request: Node refused it before any route saw it (a control character in a header, a bad request line)',
  408: 'The request took too long to arrive',
  431: 'The request headers are too large',
};

// The answer's status and body: a custom body that cannot be built is the reference 500.
function answerOf(status: number, body: ErrorBodyWriter): { status: number; json: string } {
  const code = status === 400 ? MALFORMED_HTTP_REQUEST : undefined;
  const exception = new HTTPException(status, MESSAGES[status], { code });
  const json = body.json(exception);
  if (json !== undefined) return { status, json };
  const fallback = new InternalServerErrorException();
  return { status: fallback.statusCode, json: JSON.stringify(fallback.toJSON()) };
}

/**
 * Answers the requests Node's HTTP parser refuses before either engine sees them (a header with
 * NUL or DEL, a bad request line, headers past the size limit) with the framework's coded JSON
 * error (in the application's error body) instead of Node's empty 400 (Express) or Fastify's
 * uncoded one. The connection closes after it, as the parser cannot find the next request.
 */
export function answerClientErrors(server: Server, body: ErrorBodyWriter = REFERENCE_ERROR_BODY): void {
  server.removeAllListeners('clientError');
  server.on('clientError', (err: ParserError, socket: ServerSocket) => {
    // A reset or a response already under way leaves nothing to answer.
    if (err.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const { status, json } = answerOf(STATUS_BY_CODE[err.code ?? ''] ?? 400, body);
    socket.end(
      `HTTP/1.1 ${status} ${reasonPhrase(status)}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`,
    );
    socket.once('finish', () => socket.destroy());
  });
}
