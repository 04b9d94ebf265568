import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';

/**
 * A port free on `host` now: the one the system gives a listener on port 0, released at once. 0
 * when there is none to probe (a host that cannot be listened on): the workers then fail to listen
 * and say why.
 */
export function freePort(host: string): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(0));
    probe.listen(0, host, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
