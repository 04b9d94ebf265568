import type { AddressInfo } from 'node:net';
import type { AppFactory, ServedWorker, ServeOptions } from './serve-options';
import { servedUrl } from './served-url';

/** The message a worker sends its primary once its application is listening. */
export interface ServingMessage {
  readonly trellis: 'serving';
  readonly port: number;
}

/** The environment variable through which the primary tells each worker the port to listen on (port 0 resolved). */
export const SHARED_PORT_ENV = 'TRELLIS_SHARED_PORT';

/** Whether an IPC message is a worker saying it is serving. */
export function isServingMessage(message: unknown): message is ServingMessage {
  return typeof message === 'object' && message !== null && (message as ServingMessage).trellis === 'serving';
}

/**
 * In a worker: builds the application, listens on the shared port, tells the primary, and on
 * SIGTERM or SIGINT drains (`app.close()`) and exits 0 (1 if closing failed).
 */
export async function serveWorker(factory: AppFactory, options: ServeOptions): Promise<ServedWorker> {
  const app = await factory();
  const host = options.host ?? '127.0.0.1';
  const sharedPort = process.env[SHARED_PORT_ENV];
  const server = await app.listen(sharedPort ? Number(sharedPort) : (options.port ?? 0), host);
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= app.close();
    return closing;
  };
  if (options.handleSignals !== false) {
    const stop = (signal: NodeJS.Signals) => {
      app.logger.info({ signal }, 'shutting down');
      close().then(
        () => process.exit(0),
        (err: unknown) => {
          app.logger.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  }
  process.send?.({ trellis: 'serving', port } satisfies ServingMessage);
  return { role: 'worker', url: servedUrl(host, port), app, close };
}
