'use strict';
// The mcp module's cost, measured in process on one keep-alive connection per client:
// - `tools/call` of a route against the same route over HTTP, in paired rounds (each round
//   alternates the two, request by request), as the median of the per-round ratios;
// - `tools/list` with 500 tools against 5, beside a bare node:http server answering the same
//   bytes (what sending them costs, whoever sends them).
//
//   npm run build && node bench/mcp.js
//   BENCH_ROUNDS=9 BENCH_REQUESTS=300 BENCH_ENGINES=express,fastify (defaults)
const http = require('node:http');
const path = require('node:path');
const { z } = require('zod');

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const ENGINES = (process.env.BENCH_ENGINES ?? 'express,fastify').split(',');
const t = require(path.join(__dirname, '..', 'dist', 'index.js'));
const logger = require('pino')({ level: 'silent' });

const decorate = (target, key, ...decorators) =>
  Reflect.decorate(decorators, target.prototype, key, Object.getOwnPropertyDescriptor(target.prototype, key));

class Hello {
  hello() {
    return { message: 'Hello, World!' };
  }
}
decorate(Hello, 'hello', t.Get(), t.Tool({ name: 'hello' }));
const HelloController = Reflect.decorate([t.Controller('/hello')], Hello);

// A provider with `count` tools of one realistic shape: a description and three arguments.
function providerWith(count) {
  class Tools {}
  for (let index = 0; index < count; index++) {
    Tools.prototype[`tool${index}`] = () => ({ index });
    decorate(
      Tools,
      `tool${index}`,
      t.Tool({
        name: `tool_${index}`,
        description: `Tool number ${index}: finds the records of one kind and sums them`,
        input: z.object({
          kind: z.string().describe('Which records'),
          limit: z.number().int().positive().optional(),
          order: z.enum(['asc', 'desc']),
        }),
      }),
    );
  }
  return Reflect.decorate([t.Injectable()], Tools);
}

const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
};

function client(port) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method, url, body, headers = {}) =>
    new Promise((resolve, reject) => {
      const req = http.request({ port, method, path: url, agent, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve(text));
      });
      req.once('error', reject);
      req.end(body);
    });
  return { send, close: () => agent.destroy() };
}

const now = () => Number(process.hrtime.bigint()) / 1000;
// CPU time of this process (client and server both run in it), in µs: less disturbed than wall
// time by the other processes of a shared machine.
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timed(run, count) {
  const start = now();
  for (let index = 0; index < count; index++) await run();
  return (now() - start) / count;
}

async function callAgainstHttp(engine) {
  const app = t.createApp({ engine, logger, openapi: false, controllers: [HelloController] }).install('mcp', {});
  const server = await app.listen(0, '127.0.0.1');
  const { send, close } = client(server.address().port);
  const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'hello', arguments: {} } });
  const headers = { ...MCP_HEADERS, 'content-length': Buffer.byteLength(call) };
  const viaHttp = () => send('GET', '/hello');
  const viaMcp = () => send('POST', '/mcp', call, headers);
  const answer = JSON.parse(await viaMcp());
  if (answer.result?.structuredContent?.message !== 'Hello, World!') throw new Error(`wrong answer: ${JSON.stringify(answer)}`);
  for (let index = 0; index < REQUESTS; index++) {
    await viaHttp();
    await viaMcp();
  }
  const rounds = { wall: [], cpu: [], http: [], mcp: [], httpCpu: [], mcpCpu: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const spent = { http: 0, mcp: 0, httpCpu: 0, mcpCpu: 0 };
    for (let index = 0; index < REQUESTS; index++) {
      let [start, startCpu] = [now(), cpu()];
      await viaHttp();
      spent.http += now() - start;
      spent.httpCpu += cpu() - startCpu;
      [start, startCpu] = [now(), cpu()];
      await viaMcp();
      spent.mcp += now() - start;
      spent.mcpCpu += cpu() - startCpu;
    }
    rounds.wall.push(spent.mcp / spent.http);
    rounds.cpu.push(spent.mcpCpu / spent.httpCpu);
    for (const key of ['http', 'mcp', 'httpCpu', 'mcpCpu']) rounds[key].push(spent[key] / REQUESTS);
  }
  close();
  await app.close();
  return Object.fromEntries(Object.entries(rounds).map(([key, values]) => [key, median(values)]));
}

async function listCost(engine, count) {
  const app = t.createApp({ engine, logger, openapi: false }).install('mcp', { providers: [providerWith(count)] });
  const server = await app.listen(0, '127.0.0.1');
  const { send, close } = client(server.address().port);
  const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  const headers = { ...MCP_HEADERS, 'content-length': Buffer.byteLength(list) };
  const body = await send('POST', '/mcp', list, headers);
  if (JSON.parse(body).result.tools.length !== count) throw new Error('wrong list');
  // The floor: a bare server answering the same bytes, encoded once.
  const bytes = Buffer.from(body);
  const bare = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': bytes.length });
    res.end(bytes);
  });
  await new Promise((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const floor = client(bare.address().port);
  const samples = { list: [], bytes: [] };
  for (let round = 0; round < ROUNDS; round++) {
    samples.list.push(await timed(() => send('POST', '/mcp', list, headers), REQUESTS / 3));
    samples.bytes.push(await timed(() => floor.send('GET', '/'), REQUESTS / 3));
  }
  close();
  floor.close();
  await new Promise((resolve) => bare.close(resolve));
  await app.close();
  return { bytes: Buffer.byteLength(body), list: median(samples.list), floor: median(samples.bytes) };
}

(async () => {
  for (const engine of ENGINES) {
    const call = await callAgainstHttp(engine);
    console.log(
      `${engine}: GET /hello ${call.http.toFixed(0)} us (CPU ${call.httpCpu.toFixed(0)} us), tools/call of it ` +
        `${call.mcp.toFixed(0)} us (CPU ${call.mcpCpu.toFixed(0)} us): ${call.wall.toFixed(2)}x wall, ` +
        `${call.cpu.toFixed(2)}x CPU (medians of ${ROUNDS} paired rounds)`,
    );
    const five = await listCost(engine, 5);
    const many = await listCost(engine, 500);
    console.log(
      `${engine}: tools/list 5 tools ${five.list.toFixed(0)} us (${five.bytes} B; the bytes alone ${five.floor.toFixed(0)} us), ` +
        `500 tools ${many.list.toFixed(0)} us (${many.bytes} B; the bytes alone ${many.floor.toFixed(0)} us): ` +
        `${(many.list / five.list).toFixed(2)}x, beyond the bytes ${(many.list - many.floor - (five.list - five.floor)).toFixed(0)} us`,
    );
  }
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
