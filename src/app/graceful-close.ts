import type { Server } from 'node:http';

const IDLE_SWEEP_MS = 50;

/**
 * Stops accepting connections, lets in-flight requests finish, and cuts whatever is still
 * open after `timeoutMs`. Keep-alive connections are closed as soon as they fall idle.
 */
export function closeGracefully(server: Server, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const deadline = setTimeout(() => server.closeAllConnections(), timeoutMs);
    server.close((err) => {
      clearInterval(sweep);
      clearTimeout(deadline);
      if (err && (err as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING') reject(err);
      else resolve();
    });
    server.closeIdleConnections();
  });
}
