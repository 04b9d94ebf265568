import type { AddressInfo } from 'node:net';
import type { Application } from '../../src/app/application';

/** A running application and its base URL. */
export interface Served {
  app: Application;
  url: string;
  close(): Promise<void>;
}

/** Starts `app` on an ephemeral loopback port. */
export async function serve(app: Application): Promise<Served> {
  const server = await app.listen(0, '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}
