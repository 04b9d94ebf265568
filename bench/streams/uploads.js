// Uploads, measured: one 1 GB upload and 50 concurrent 20 MB uploads to Trellis on each engine and
// to busboy by hand on node:http, the three interleaved within each round (order rotating), so
// each ratio compares neighbours in time.
// Reports the server's peak RSS above idle and the throughput ratio to busboy by hand per round.
// Run after `npm run build`: node bench/streams/uploads.js [rounds]
'use strict';
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const http = require('node:http');
const readline = require('node:readline');

const ROUNDS = Number(process.argv[2] ?? 3);
const MB = 1024 * 1024;
const CHUNK = randomBytes(256 * 1024);
const BOUNDARY = 'benchboundary7MA4YWxkTrZu0gW';

function start(kind) {
  const child = spawn(process.execPath, ['--expose-gc', `${__dirname}/upload-server.js`, kind], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout });
  const next = () => new Promise((resolve) => lines.once('line', (line) => resolve(JSON.parse(line))));
  return next().then(({ port }) => ({
    port,
    async peak() {
      const answer = next();
      child.stdin.write('peak\n');
      return answer;
    },
    stop() {
      child.stdin.write('exit\n');
      return new Promise((resolve) => child.once('exit', resolve));
    },
  }));
}

// Streams one multipart body of `bytes` bytes, with back-pressure, and resolves on the answer.
function upload(port, bytes) {
  return new Promise((resolve, reject) => {
    const head = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/',
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': head.length + bytes + tail.length,
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => (res.statusCode === 201 ? resolve(JSON.parse(body)) : reject(new Error(`${res.statusCode} ${body}`))));
    });
    req.write(head);
    let left = bytes;
    const pump = () => {
      while (left > 0) {
        const piece = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
        left -= piece.length;
        if (!req.write(piece)) return req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
}

async function measure(kind, scenario) {
  const server = await start(kind);
  const started = process.hrtime.bigint();
  if (scenario === '1x1GB') {
    const answer = await upload(server.port, 1024 * MB);
    if (answer.size !== 1024 * MB) throw new Error(`${kind}: size ${answer.size}`);
  } else {
    const answers = await Promise.all(Array.from({ length: 50 }, () => upload(server.port, 20 * MB)));
    if (answers.some((a) => a.size !== 20 * MB)) throw new Error(`${kind}: a size was wrong`);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const { growth } = await server.peak();
  await server.stop();
  return { seconds, mbPerSecond: 1024 / seconds, growthMB: growth / MB };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const results = {};
  for (const scenario of ['1x1GB', '50x20MB']) {
    for (let round = 1; round <= ROUNDS; round++) {
      // The order rotates each round: the disk is still flushing the previous run's gigabyte while
      // the next one writes, so whoever comes second would always pay for it.
      const order = ['busboy', 'express', 'fastify'];
      for (let r = 0; r < (round - 1) % 3; r++) order.push(order.shift());
      const runs = {};
      for (const kind of order) runs[kind] = await measure(kind, scenario);
      const byHand = runs.busboy;
      for (const engine of ['express', 'fastify']) {
        const run = runs[engine];
        const key = `${scenario} ${engine}`;
        results[key] ??= { ratios: [], growth: [], mbps: [], byHandMbps: [], byHandGrowth: [] };
        results[key].ratios.push(byHand.seconds / run.seconds);
        results[key].growth.push(run.growthMB);
        results[key].mbps.push(run.mbPerSecond);
        results[key].byHandMbps.push(byHand.mbPerSecond);
        results[key].byHandGrowth.push(byHand.growthMB);
        console.log(
          `${key} round ${round}: ${run.mbPerSecond.toFixed(0)} MB/s (busboy by hand ${byHand.mbPerSecond.toFixed(0)} MB/s, ratio ${(byHand.seconds / run.seconds).toFixed(2)}), peak RSS +${run.growthMB.toFixed(1)} MB (by hand +${byHand.growthMB.toFixed(1)} MB)`,
        );
      }
    }
  }
  console.log('\nmedian over rounds:');
  for (const [key, r] of Object.entries(results))
    console.log(
      `${key}: throughput ${median(r.ratios).toFixed(2)} x busboy by hand (${median(r.mbps).toFixed(0)} vs ${median(r.byHandMbps).toFixed(0)} MB/s), peak RSS growth ${median(r.growth).toFixed(1)} MB (max ${Math.max(...r.growth).toFixed(1)}; by hand ${median(r.byHandGrowth).toFixed(1)} MB)`,
    );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
