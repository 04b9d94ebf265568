import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

const SWEEP_MS = 100;
/** How long a connection with nothing in flight must stay silent before close() ends it. */
export const IDLE_GRACE_MS = 750;

// Node's own fields on a server socket: the response being written, and the HTTP parser (null
// once the connection was upgraded, to a WebSocket say, and no longer speaks HTTP).
type HttpSocket = Socket & { _httpMessage?: ServerResponse | null; parser?: unknown };

interface Silence {
  bytesRead: number;
  since: number;
}

/**
 * The open connections of a server, followed from `listen()` so that `close()` can end each at
 * the right moment rather than all at once: a connection closed at the instant close() begins
 * resets the request its client is sending on it, and a proxy does not retry a reset POST.
 */
export class ConnectionDrain {
  private readonly sockets = new Set<HttpSocket>();
  private draining = false;

  constructor(private readonly server: Server) {
    server.on('connection', (socket: HttpSocket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
  }

  /**
   * From now on every answer says `Connection: close`, so each client learns with its next answer
   * that it must open a new connection; the ones already written on are left to finish.
   */
  begin(): void {
    if (this.draining) return;
    this.draining = true;
    this.server.prependListener('request', lastOnConnection);
    for (const socket of this.sockets) {
      const res = socket._httpMessage;
      if (res && !res.headersSent) res.shouldKeepAlive = false;
    }
  }

  /**
   * Stops accepting, lets in-flight requests finish, ends each idle connection once it has
   * received nothing for `IDLE_GRACE_MS`, and cuts whatever is still open after `timeoutMs`.
   */
  finish(timeoutMs: number): Promise<void> {
    this.begin();
    const silences = new Map<HttpSocket, Silence>();
    const sweep = setInterval(() => this.endSilent(silences, Date.now()), SWEEP_MS);
    this.endSilent(silences, Date.now());
    const deadline = setTimeout(() => {
      this.server.closeAllConnections();
      for (const socket of this.sockets) socket.destroy();
    }, timeoutMs);
    return new Promise((resolve, reject) => {
      const done = (err?: Error) => {
        clearInterval(sweep);
        clearTimeout(deadline);
        if (err && (err as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING') reject(err);
        else resolve();
      };
      // Node's close() also closes every idle connection at once (the race above); shadowed
      // for this one call, it still stops listening and stops its own timeout checks.
      const server = this.server;
      const closeIdle = server.closeIdleConnections;
      server.closeIdleConnections = () => {};
      try {
        server.close(done);
      } finally {
        server.closeIdleConnections = closeIdle;
      }
    });
  }

  private endSilent(silences: Map<HttpSocket, Silence>, now: number): void {
    for (const socket of this.sockets) {
      if (socket.parser === null) continue;
      const silence = silences.get(socket);
      if (socket._httpMessage || !silence || silence.bytesRead !== socket.bytesRead) {
        silences.set(socket, { bytesRead: socket.bytesRead, since: now });
      } else if (now - silence.since >= IDLE_GRACE_MS) {
        socket.destroy();
      }
    }
  }
}

function lastOnConnection(_req: unknown, res: ServerResponse): void {
  res.shouldKeepAlive = false;
}
