// A process that serves `count` requests with the access log on and the default logger (stdout),
// then either closes the application, prints `closed` straight to stdout and kills itself with
// SIGKILL (no exit handler runs, so every access line it printed was written by `close()`), or,
// given `exit`, calls process.exit() at once without closing anything.
import { writeSync } from 'node:fs';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import 'reflect-metadata';
import { Controller, createApp, Get } from '../../../src';
import type { EngineName } from '../../../src/engine/engine';

@Controller('/')
class HelloController {
  @Get('/hello')
  hello() {
    return { message: 'hello' };
  }
}

function hello(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: '/hello', agent: false }, (res) => {
      res.resume();
      res.on('end', resolve);
    }).on('error', reject);
  });
}

async function main(): Promise<void> {
  const engine = process.argv[2] as EngineName;
  const count = Number(process.argv[3]);
  const app = createApp({ engine, controllers: [HelloController], accessLog: true });
  const server = await app.listen(0, '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  for (let i = 0; i < count; i++) await hello(port);
  if (process.argv[4] === 'exit') process.exit(0);
  await app.close();
  writeSync(1, 'closed\n');
  process.kill(process.pid, 'SIGKILL');
}

void main();
