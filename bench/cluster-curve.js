'use strict';
// The multi-core curve: req/s and CPU per request of Trellis under serve() with 1, 2, 4, 8 and 14
// workers (BENCH_CURVE_WORKERS), beside hand-written Fastify (the same twelve security headers)
// under node:cluster with the same counts, on /hello, /validate and /items (BENCH_CURVE_ROUTES).
// With N workers the server gets N cores (taskset, from BENCH_SERVER_CORES, default every core
// but the last few) and the load processes the cores left (one process per core); counts the
// machine cannot give cores of their own are left out, unless BENCH_CURVE_SHARED=1 lets the load
// share the server's cores (what a two-core machine can do for 2 workers). Rounds are paired:
// each round runs both stacks at each count, the order alternating, and the report gives medians
// and the min-max over rounds. Results in bench/results/cluster-curve.json and .md.
//
//   node bench/cluster-curve.js        BENCH_ROUNDS (3), BENCH_DURATION (5 s), BENCH_WARMUP (2 s)
const { execFileSync } = require('node:child_process');
const { mkdirSync, writeFileSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { BENCH_DIR, describeEnvironment, loadAverage } = require('./lib/environment');
const { coreList, routeLoad, runLoad } = require('./lib/load-runner');
const { cpuMicros } = require('./lib/proc');
const { routes: benchRoutes } = require('./lib/routes');
const { request, startServer, stopServer } = require('./lib/server');
const { median } = require('./lib/stats');
const { benchToken } = require('./lib/token');

const CORES = os.availableParallelism();
const CONFIG = {
  workers: (process.env.BENCH_CURVE_WORKERS ?? '1,2,4,8,14').split(',').map(Number),
  routes: (process.env.BENCH_CURVE_ROUTES ?? 'hello,validate,items').split(','),
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  duration: Number(process.env.BENCH_DURATION ?? 5),
  warmup: Number(process.env.BENCH_WARMUP ?? 2),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 100),
  port: Number(process.env.BENCH_PORT ?? 3350),
  shared: process.env.BENCH_CURVE_SHARED === '1',
};
// The server's cores in the order they are handed out; the rest of the machine is the load's.
const SERVER_CORES = coreList(process.env.BENCH_SERVER_CORES ?? `0-${Math.max(0, CORES - 3)}`);
const STACKS = [
  { name: 'trellis', label: 'Trellis serve() (Express engine)', file: 'trellis-cluster', env: { BENCH_ENGINE: 'express' } },
  { name: 'fastify', label: 'Fastify by hand under cluster, same headers', file: 'fastify-cluster', env: {} },
];

function log(message) {
  process.stderr.write(`${message}\n`);
}

/** The server's and the load's cores for `workers` workers, or undefined when the machine lacks them. */
function layout(workers) {
  const all = Array.from({ length: CORES }, (_, i) => String(i));
  const server = SERVER_CORES.slice(0, workers);
  const load = all.filter((core) => !server.includes(core));
  if (server.length === workers && load.length > 0) return { server, load, shared: false };
  if (!CONFIG.shared) return undefined;
  // Sharing: the server takes the first `workers` cores (wrapping), the load the last core.
  return { server: all.slice(0, Math.min(workers, CORES)), load: [all[CORES - 1]], shared: true };
}

/** CPU time of a process and its children (the cluster's primary and workers), in µs. */
function treeCpuMicros(pid) {
  let children = [];
  try {
    children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map(Number);
  } catch {
    // ps exits 1 when there are none
  }
  return [pid, ...children].reduce((total, one) => {
    try {
      return total + cpuMicros(one);
    } catch {
      return total; // gone meanwhile
    }
  }, 0);
}

async function measure(stack, workers, cores, routes) {
  const server = await startServer(path.join(BENCH_DIR, 'stacks', `${stack.file}.js`), {
    env: { ...stack.env, BENCH_WORKERS: String(workers) },
    port: CONFIG.port,
    cores: cores.server.join(','),
    waitForLine: 'all serving',
  });
  const results = {};
  try {
    for (const route of routes) {
      const check = await request(CONFIG.port, route);
      if (check.status !== route.status) throw new Error(`${stack.name} ${route.label} answered ${check.status}`);
      const options = { connections: CONFIG.connections };
      await runLoad(routeLoad(CONFIG.port, route, { ...options, duration: CONFIG.warmup }), cores.load);
      const before = treeCpuMicros(server.pid);
      const load = await runLoad(routeLoad(CONFIG.port, route, { ...options, duration: CONFIG.duration }), cores.load);
      const cpu = treeCpuMicros(server.pid) - before;
      results[route.name] = { rps: load.rps, p99: load.p99, cpuUsPerReq: cpu / load.requests, non2xx: load.non2xx };
      log(
        `  ${stack.name.padEnd(8)} ${String(workers).padStart(2)} workers ${route.label.padEnd(24)} ` +
          `${Math.round(load.rps).toString().padStart(7)} req/s  ${(cpu / load.requests).toFixed(1)} µs/req`,
      );
    }
  } finally {
    await stopServer(server);
  }
  return results;
}

function markdown(results) {
  const lines = [];
  const range = (values) => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;
  for (const route of results.routes) {
    lines.push(`\n**${route.label}**\n`);
    lines.push('| workers | Trellis serve() req/s (min–max) | Fastify cluster req/s (min–max) | Trellis / Fastify (paired) | Trellis µs CPU/req | Fastify µs CPU/req |');
    lines.push('|---|---|---|---|---|---|');
    for (const point of results.points) {
      const t = point.rounds.map((round) => round.trellis?.[route.name]).filter(Boolean);
      const f = point.rounds.map((round) => round.fastify?.[route.name]).filter(Boolean);
      if (t.length === 0 || f.length === 0) continue;
      const ratios = point.rounds
        .filter((round) => round.trellis?.[route.name] && round.fastify?.[route.name])
        .map((round) => round.trellis[route.name].rps / round.fastify[route.name].rps);
      lines.push(
        `| ${point.workers}${point.shared ? ' (load shares a core)' : ''} | ${Math.round(median(t.map((r) => r.rps)))} (${range(t.map((r) => r.rps))}) ` +
          `| ${Math.round(median(f.map((r) => r.rps)))} (${range(f.map((r) => r.rps))}) | ${median(ratios).toFixed(2)} ` +
          `(${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}) | ${median(t.map((r) => r.cpuUsPerReq)).toFixed(1)} ` +
          `| ${median(f.map((r) => r.cpuUsPerReq)).toFixed(1)} |`,
      );
    }
  }
  return lines.join('\n');
}

async function main() {
  const routes = benchRoutes(benchToken()).filter((route) => CONFIG.routes.includes(route.name));
  const results = {
    config: CONFIG,
    environment: describeEnvironment(),
    startedAt: new Date().toISOString(),
    loadAverageBefore: loadAverage(),
    routes: routes.map(({ name, label }) => ({ name, label })),
    points: [],
    skipped: [],
  };
  for (const workers of CONFIG.workers) {
    const cores = layout(workers);
    if (!cores) results.skipped.push(workers);
    else results.points.push({ workers, cores, shared: cores.shared, rounds: [] });
  }
  log(`${CORES} cores; counts measured: ${results.points.map((p) => p.workers).join(', ')}; left out: ${results.skipped.join(', ') || 'none'}`);
  for (let round = 0; round < CONFIG.rounds; round++) {
    for (const point of results.points) {
      const order = (round + point.workers) % 2 === 0 ? STACKS : [...STACKS].reverse();
      const measured = {};
      for (const stack of order) measured[stack.name] = await measure(stack, point.workers, point.cores, routes);
      point.rounds.push(measured);
    }
  }
  results.loadAverageAfter = loadAverage();
  results.finishedAt = new Date().toISOString();
  mkdirSync(path.join(BENCH_DIR, 'results'), { recursive: true });
  writeFileSync(path.join(BENCH_DIR, 'results', 'cluster-curve.json'), `${JSON.stringify(results, null, 2)}\n`);
  const table = markdown(results);
  writeFileSync(path.join(BENCH_DIR, 'results', 'cluster-curve.md'), `${table}\n`);
  process.stdout.write(`${table}\n`);
}

main().catch((err) => {
  log(err.stack);
  process.exitCode = 1;
});
