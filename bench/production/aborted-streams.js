'use strict';
// Clients that drop an event stream while its guards still await the database: ABORTS requests
// to the sample's GET /tasks/events (Auth() and Permissions(): the session and deny-list are read
// from the database), from ADDRESSES client addresses (X-Forwarded-For, TRUST_PROXY=true), each
// destroyed 0-20 ms after it was sent, CONCURRENCY at a time. Before, right after, and SETTLE_MS
// later: the free stream places of those addresses (streams opened per address until 429, up to
// the cap), the sample's RSS, and POST /tasks latency (LATENCY_SAMPLES sequential requests).
// Target: everything back to where it was.
//
//   npm run build && node bench/production/aborted-streams.js [express|fastify]
//   ABORTS=2000 node bench/production/aborted-streams.js      # fewer aborts
//   ON_POSTGRES=1 node bench/production/aborted-streams.js    # a throw-away PostgreSQL (the guards await the network)
const http = require('node:http');
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { startSample, login } = require('./sample-process');

const ABORTS = Number(process.env.ABORTS ?? 24_000);
const ADDRESSES = Number(process.env.ADDRESSES ?? 10);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 100);
const SETTLE_MS = Number(process.env.SETTLE_MS ?? 35_000);
const LATENCY_SAMPLES = Number(process.env.LATENCY_SAMPLES ?? 200);
// The sample's default cap on open event streams per client address.
const CAP = 128;

const address = (i) => `10.77.${i}.1`;

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

// Opens one stream; resolves to its status, and the request (to close it) when it opened.
function openStream(base, token, from) {
  return new Promise((resolve) => {
    const req = http.request(`${base}/tasks/events`, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${token}`, 'x-forwarded-for': from },
    });
    req.on('response', (res) => {
      if (res.statusCode !== 200) res.resume();
      resolve({ status: res.statusCode, req });
    });
    req.on('error', (err) => resolve({ status: err.code, req }));
    req.end();
  });
}

// Places free per address: streams open until 429 (at most the cap), then all closed again.
async function freePlaces(base, token) {
  const free = [];
  const statuses = {};
  for (let i = 0; i < ADDRESSES; i++) {
    const opened = await Promise.all(Array.from({ length: CAP + 1 }, () => openStream(base, token, address(i))));
    free.push(opened.filter((o) => o.status === 200).length);
    for (const o of opened) {
      statuses[o.status] = (statuses[o.status] ?? 0) + 1;
      o.req.destroy();
    }
  }
  // The closes reach the server before the next measure.
  await new Promise((r) => setTimeout(r, 500));
  return { free, statuses };
}

function abortOne(base, token, from, afterMs) {
  return new Promise((resolve) => {
    const req = http.request(`${base}/tasks/events`, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${token}`, 'x-forwarded-for': from },
    });
    req.on('error', () => {});
    req.on('close', resolve);
    req.end();
    setTimeout(() => req.destroy(), afterMs);
  });
}

async function abortMany(base, token) {
  let next = 0;
  const worker = async () => {
    while (next < ABORTS) {
      const i = next++;
      await abortOne(base, token, address(i % ADDRESSES), i % 21);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

async function postLatency(base, token) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times = [];
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const body = JSON.stringify({ title: `latency ${i}` });
    const started = process.hrtime.bigint();
    const status = await new Promise((resolve) => {
      const req = http.request(`${base}/tasks`, {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      });
      req.on('error', (err) => resolve(err.code));
      req.end(body);
    });
    if (status !== 201) throw new Error(`POST /tasks answered ${status}`);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p95: at(0.95) };
}

async function measure(label, base, pid, tokens) {
  const { free, statuses } = await freePlaces(base, tokens.viewer);
  const latency = await postLatency(base, tokens.manager);
  const row = {
    label,
    freePlaces: free.reduce((a, b) => a + b, 0),
    ofPlaces: ADDRESSES * CAP,
    probeStatuses: statuses,
    rssMb: Math.round(rssMb(pid)),
    postTasksP50Ms: Number(latency.p50.toFixed(2)),
    postTasksP95Ms: Number(latency.p95.toFixed(2)),
  };
  console.log(JSON.stringify(row));
  return row;
}

async function main() {
  const engine = process.argv[2] ?? 'express';
  const env = { TRUST_PROXY: 'true' };
  let postgres;
  if (process.env.ON_POSTGRES) {
    const { startPostgresServer } = require(path.resolve(__dirname, '../../dist/spec/support/postgres-server'));
    postgres = await startPostgresServer();
    env.DATABASE_URL = await postgres.createDatabase();
  }
  const sample = startSample(engine, env);
  try {
    const base = await sample.url;
    const tokens = { viewer: await login(base, 'viewer'), manager: await login(base, 'manager') };
    const pid = sample.child.pid;
    console.log(`engine ${engine} on ${postgres ? 'PostgreSQL' : 'SQLite'}, ${ABORTS} aborted streams from ${ADDRESSES} addresses, ${CONCURRENCY} at once`);
    await measure('before', base, pid, tokens);
    const started = Date.now();
    await abortMany(base, tokens.viewer);
    console.log(`aborts sent in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await measure('after', base, pid, tokens);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    await measure(`${SETTLE_MS / 1000} s later`, base, pid, tokens);
  } finally {
    sample.child.kill('SIGTERM');
    await sample.exited;
    await postgres?.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
