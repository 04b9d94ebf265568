'use strict';
// The database module's cost: GET /tasks?limit=20 and POST /tasks served through the module (the
// sample's TasksRepository on Kysely) against the same SQL by hand on the bare driver, on SQLite
// (a file, WAL, synchronous=FULL) and PostgreSQL (a throw-away server); and what FULL costs
// against NORMAL on SQLite writes, and the module on node:sqlite against better-sqlite3. The result is the median of the per-round ratios (see
// measure()), which cancels most of the drift of a shared machine.
//
//   npm run build && node node_modules/typescript/bin/tsc -p bench && node bench/database.js
//   BENCH_ROUNDS=15 BENCH_DURATION=2 BENCH_DATABASES=sqlite,postgres (defaults)
const { spawn, execFileSync } = require('node:child_process');
const { mkdtempSync, rmSync, writeFileSync, mkdirSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const DURATION = Number(process.env.BENCH_DURATION ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
const APP = path.join(__dirname, 'stacks', 'database-app.js');
const LOAD = path.join(__dirname, 'lib', 'load.js');
let port = Number(process.env.BENCH_PORT ?? 3400);

function log(message) {
  process.stderr.write(`${message}\n`);
}

function startServer(variant, url) {
  const serverPort = port++;
  const child = spawn(process.execPath, [APP, variant, url, String(serverPort)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${variant} exited with ${code}`)));
    child.stdout.on('data', (data) => {
      if (String(data).includes('listening')) resolve({ child, url: `http://127.0.0.1:${serverPort}` });
    });
  });
}

function stopServer({ child }) {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

function load(url, route, duration) {
  const options = {
    url: url + route.path,
    method: route.method,
    connections: CONNECTIONS,
    duration,
    headers: route.body ? { 'content-type': 'application/json' } : {},
    body: route.body,
  };
  const out = execFileSync(process.execPath, [LOAD, JSON.stringify(options)], { encoding: 'utf8' });
  const summary = JSON.parse(out.trim().split('\n').pop());
  if (summary.error) throw new Error(summary.error);
  return summary;
}

const ROUTES = [
  { name: 'GET /tasks?limit=20', method: 'GET', path: '/tasks?limit=20' },
  { name: 'POST /tasks', method: 'POST', path: '/tasks', body: JSON.stringify({ title: 'Benchmark task' }) },
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// Every variant's server runs at once; each route is loaded in short slices, variant after
// variant (the order alternating), so bursts of load from elsewhere on the machine hit the
// variants of one pair alike. A "round" is one such pair of slices.
async function measure(database, url, variants) {
  const rps = Object.fromEntries(variants.map((v) => [v, Object.fromEntries(ROUTES.map((r) => [r.name, []]))]));
  const servers = {};
  for (const variant of variants) servers[variant] = await startServer(variant, url);
  try {
    for (const route of ROUTES) {
      for (const variant of variants) load(servers[variant].url, route, 1); // warm-up
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? variants : [...variants].reverse();
        for (const variant of order) {
          const summary = load(servers[variant].url, route, DURATION);
          if (summary.non2xx > 0 || summary.errors > 0)
            throw new Error(`${variant} ${route.name}: ${JSON.stringify(summary)}`);
          rps[variant][route.name][round] = summary.rps;
        }
        log(`${database} ${route.name} round ${round + 1}: ${variants.map((v) => `${v} ${rps[v][route.name][round].toFixed(0)}`).join(', ')}`);
      }
    }
  } finally {
    for (const server of Object.values(servers)) await stopServer(server);
  }
  return rps;
}

function ratios(rps, numerator, denominator) {
  return Object.fromEntries(
    ROUTES.map((route) => {
      const perRound = rps[numerator][route.name].map((value, i) => value / rps[denominator][route.name][i]);
      return [route.name, { median: median(perRound), perRound }];
    }),
  );
}

async function main() {
  const results = { config: { rounds: ROUNDS, duration: DURATION, connections: CONNECTIONS, node: process.version }, databases: {} };
  for (const database of DATABASES) {
    if (database === 'sqlite') {
      const dir = mkdtempSync(path.join(tmpdir(), 'trellis-bench-db-'));
      try {
        const rps = await measure('sqlite', `sqlite:${path.join(dir, 'bench.db')}`, [
          'module',
          'module-better-sqlite3',
          'bare',
          'bare-normal',
        ]);
        results.databases.sqlite = {
          rps,
          moduleOverBare: ratios(rps, 'module', 'bare'),
          nodeSqliteOverBetterSqlite3: ratios(rps, 'module', 'module-better-sqlite3'),
          fullOverNormal: ratios(rps, 'bare', 'bare-normal'),
        };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    } else {
      const { startPostgresServer } = require('../dist/spec/support/postgres-server');
      const server = await startPostgresServer();
      try {
        const rps = await measure('postgres', await server.createDatabase(), ['module', 'bare']);
        results.databases.postgres = { rps, moduleOverBare: ratios(rps, 'module', 'bare') };
      } finally {
        await server.close();
      }
    }
  }
  mkdirSync(path.join(__dirname, 'results'), { recursive: true });
  writeFileSync(path.join(__dirname, 'results', 'database.json'), `${JSON.stringify(results, null, 2)}\n`);
  for (const [database, result] of Object.entries(results.databases)) {
    for (const [name, ratio] of Object.entries(result.moduleOverBare))
      log(`${database} ${name}: module / bare = ${ratio.median.toFixed(3)} (per round ${ratio.perRound.map((r) => r.toFixed(3)).join(', ')})`);
    for (const [name, ratio] of Object.entries(result.nodeSqliteOverBetterSqlite3 ?? {}))
      log(`${database} ${name}: node:sqlite / better-sqlite3 (module) = ${ratio.median.toFixed(3)} (per round ${ratio.perRound.map((r) => r.toFixed(3)).join(', ')})`);
    for (const [name, ratio] of Object.entries(result.fullOverNormal ?? {}))
      log(`${database} ${name}: FULL / NORMAL = ${ratio.median.toFixed(3)} (per round ${ratio.perRound.map((r) => r.toFixed(3)).join(', ')})`);
  }
}

main().catch((err) => {
  log(err.stack);
  process.exitCode = 1;
});
