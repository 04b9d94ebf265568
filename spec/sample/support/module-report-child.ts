// Started with fork() by the start-up spec: serves the sample and, on each message, tells the
// parent which of the packages it asks about this process has loaded so far.
import type { AddressInfo } from 'node:net';
import { createSampleApp } from '../../../sample/create-sample-app';
import { specConfig } from './sample-env';

const loaded = (name: string) =>
  Object.keys(require.cache).some((file) => file.includes(`/node_modules/${name}/`));

async function main(): Promise<void> {
  const config = specConfig({ TRELLIS_ENGINE: process.env.TRELLIS_ENGINE ?? 'express' });
  const app = createSampleApp(config);
  const server = await app.listen(0);
  process.on('message', (names: string[]) => {
    process.send!(Object.fromEntries(names.map((name) => [name, loaded(name)])));
  });
  process.once('disconnect', () => void app.close().then(() => process.exit(0)));
  process.send!({ port: (server.address() as AddressInfo).port });
}

void main();
