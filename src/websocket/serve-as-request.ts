import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

// Headers that only ask for the protocol switch; the ordinary request goes on without them.
const SWITCH_HEADERS = new Set(['upgrade', 'http2-settings']);

/** Whether an upgrade request asks for a WebSocket (`Upgrade: websocket`, maybe among others). */
export function wantsWebSocket(req: IncomingMessage): boolean {
  const upgrade = req.headers.upgrade;
  return typeof upgrade === 'string' && /(^|,)\s*websocket\s*(,|$)/i.test(upgrade);
}

/**
 * Serves an upgrade request for another protocol (`Upgrade: h2c`, which curl sends) as the
 * ordinary HTTP request it also is: a server may ignore an upgrade it does not speak (RFC 9110
 * 7.8). Node hands every upgrade to the `upgrade` listener once one exists and stops parsing the
 * socket, so the request head is written back without its switch headers, ahead of the unread
 * body, and the socket is given to the HTTP server again as a new connection: the engine parses
 * and answers it, body and keep-alive included, as any other request.
 */
export function serveAsRequest(server: Server, req: IncomingMessage, socket: Duplex, head: Buffer): void {
  const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i];
    const lower = name.toLowerCase();
    if (SWITCH_HEADERS.has(lower)) continue;
    if (lower === 'connection') {
      const kept = raw[i + 1]
        .split(',')
        .map((token) => token.trim())
        .filter((token) => token !== '' && !SWITCH_HEADERS.has(token.toLowerCase()));
      if (kept.length > 0) lines.push(`${name}: ${kept.join(', ')}`);
      continue;
    }
    lines.push(`${name}: ${raw[i + 1]}`);
  }
  // Node decodes header bytes as latin1, so latin1 writes them back unchanged.
  socket.unshift(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), head]));
  server.emit('connection', socket);
}
