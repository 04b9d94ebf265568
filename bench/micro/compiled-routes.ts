// The cost of Trellis's own per-request work, without HTTP: each bench route's compiled handler
// called in a loop with an Express-engine context over a stub response. CPU time, so other load
// on the machine matters less than in the HTTP figures. `node bench/micro/compiled-routes.js`
import type { IncomingHttpHeaders } from 'node:http';
import type { RequestContext } from '../../dist';
import { ExpressContext } from '../../dist/src/engine/express/express-context';
import { createBenchApp } from '../stacks/trellis-app';

// lib/ is plain JavaScript shared with the orchestrator.
const { benchToken } = require('../lib/token') as { benchToken(): string };

const WARMUP = 20_000;
const ITERATIONS = Number(process.env.MICRO_ITERATIONS ?? 200_000);

interface Call {
  name: string;
  method: string;
  path: string;
  params?: Record<string, string>;
  headers?: IncomingHttpHeaders;
  body?: unknown;
}

function stubResponse() {
  return {
    statusCode: 200,
    headersSent: false,
    setHeader(_name: string, _value: unknown) {},
    end(_body?: string) {
      this.headersSent = true;
    },
  };
}

async function main(): Promise<void> {
  process.env.LOG_LEVEL ??= 'silent';
  const app = await createBenchApp('express');
  await app.ready();
  const token = benchToken();
  const calls: Call[] = [
    { name: 'hello', method: 'GET', path: '/hello' },
    { name: 'user', method: 'GET', path: '/users/:id', params: { id: '42' } },
    {
      name: 'validate',
      method: 'POST',
      path: '/validate',
      body: { name: 'Ada', email: 'ada@example.com', age: 36 },
    },
    { name: 'protected', method: 'GET', path: '/protected', headers: { authorization: `Bearer ${token}` } },
    { name: 'scoped', method: 'GET', path: '/scoped' },
  ];
  for (const call of calls) {
    const route = app.routes.find(
      (candidate) => candidate.method === call.method && candidate.path === call.path,
    );
    if (!route) throw new Error(`no route ${call.method} ${call.path}`);
    const once = async (): Promise<void> => {
      const req = { method: call.method, url: call.path, headers: call.headers ?? {}, body: call.body };
      const res = stubResponse();
      const ctx = new ExpressContext(req as never, res as never, { ...call.params });
      await route.handle(ctx as RequestContext);
      if (res.statusCode >= 300) throw new Error(`${call.name} answered ${res.statusCode}`);
    };
    for (let i = 0; i < WARMUP; i++) await once();
    const start = process.cpuUsage();
    for (let i = 0; i < ITERATIONS; i++) await once();
    const used = process.cpuUsage(start);
    console.log(`${call.name.padEnd(10)} ${((used.user + used.system) / ITERATIONS).toFixed(2)} µs/call`);
  }
  await app.close();
}

void main();
