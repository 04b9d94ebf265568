// 2,000 event-stream clients on one instance, one event per second: the server's RSS, the delay
// from publish to arrival (p50/p99 over every event every client received), and the latency of
// GET /health requests made ten times a second meanwhile. Run after `npm run build`:
// node bench/streams/sse.js [engine] [clients] [seconds]
'use strict';
const { spawn } = require('node:child_process');
const http = require('node:http');
const readline = require('node:readline');

const ENGINE = process.argv[2] ?? 'fastify';
const CLIENTS = Number(process.argv[3] ?? 2000);
const SECONDS = Number(process.argv[4] ?? 60);
const MB = 1024 * 1024;

const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
};

function open(port, delays, counts, i) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/events', agent }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`status ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk) => {
        const now = Date.now();
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data) {
            delays.push(now - JSON.parse(data.slice(6)).sentAt);
            counts[i]++;
          }
          end = buffer.indexOf('\n\n');
        }
      });
      resolve(req);
    });
    req.on('error', reject);
    req.end();
  });
}

function health(port) {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/health' }, (res) => {
        res.resume();
        res.on('end', () => resolve(Number(process.hrtime.bigint() - started) / 1e6));
      })
      .on('error', reject);
  });
}

async function main() {
  const child = spawn(process.execPath, [`${__dirname}/sse-server.js`, ENGINE], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout });
  const next = () => new Promise((resolve) => lines.once('line', (line) => resolve(JSON.parse(line))));
  const { port } = await next();
  const delays = [];
  const counts = new Array(CLIENTS).fill(0);
  const requests = [];
  for (let i = 0; i < CLIENTS; i += 100)
    requests.push(...(await Promise.all(Array.from({ length: Math.min(100, CLIENTS - i) }, (_, j) => open(port, delays, counts, i + j)))));
  delays.length = 0;
  counts.fill(0);
  const healthTimes = [];
  const prober = setInterval(() => void health(port).then((ms) => healthTimes.push(ms)), 100);
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  clearInterval(prober);
  child.stdin.write('rss\n');
  const rss = await next();
  for (const req of requests) req.destroy();
  child.stdin.write('exit\n');
  const received = counts.reduce((a, b) => a + b, 0);
  console.log(
    JSON.stringify(
      {
        engine: ENGINE,
        clients: CLIENTS,
        seconds: SECONDS,
        eventsReceived: received,
        eventsExpected: CLIENTS * (SECONDS - 1),
        clientsMissingEvents: counts.filter((c) => c < SECONDS - 1).length,
        delayMs: { p50: pct(delays, 50), p99: pct(delays, 99), max: Math.max(...delays) },
        healthMs: { p50: pct(healthTimes, 50).toFixed(2), p99: pct(healthTimes, 99).toFixed(2), n: healthTimes.length },
        rssMB: { idle: (rss.idle / MB).toFixed(1), peak: (rss.peak / MB).toFixed(1), end: (rss.now / MB).toFixed(1) },
      },
      null,
      1,
    ),
  );
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
