'use strict';
// Runs lib/load.js (autocannon, or lib/raw-load.js without it) in child processes pinned to the
// load cores: BENCH_LOAD_CORES="4-15" (or "4,5,6") runs one process per core, the connections
// shared out between them, so that the generator is never the limit on a many-core machine;
// BENCH_LOAD_CORE (default 1) is the one core of a two-core machine.
const { spawn } = require('node:child_process');
const path = require('node:path');

const LOAD_SCRIPT = path.join(__dirname, 'load.js');

/** "4-6,9" -> ['4', '5', '6', '9']. */
function coreList(spec) {
  return spec.split(',').flatMap((part) => {
    const [from, to] = part.split('-').map(Number);
    if (to === undefined) return [String(from)];
    return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
  });
}

const LOAD_CORES = coreList(process.env.BENCH_LOAD_CORES ?? process.env.BENCH_LOAD_CORE ?? '1');

/** One load process on `core`; resolves to its JSON summary. */
function runOne(core, options) {
  return new Promise((resolve, reject) => {
    const child = spawn('taskset', ['-c', core, process.execPath, LOAD_SCRIPT, JSON.stringify(options)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', () => {
      try {
        const summary = JSON.parse(out.trim().split('\n').pop());
        if (summary.error) reject(new Error(summary.error));
        else resolve(summary);
      } catch {
        reject(new Error(`the load generator gave no summary: ${out}`));
      }
    });
  });
}

/**
 * Starts one load run over the load cores (`cores`, default BENCH_LOAD_CORES; at most one process
 * per connection); resolves to the summed summary: requests, req/s, errors and non-2xx added up,
 * latencies the slowest process's.
 */
async function runLoad(options, cores = LOAD_CORES) {
  const processes = Math.max(1, Math.min(cores.length, options.connections));
  if (processes === 1) return runOne(cores[0], options);
  const share = (total, i) => Math.floor(total / processes) + (i < total % processes ? 1 : 0);
  const runs = await Promise.all(
    cores.slice(0, processes).map((core, i) =>
      runOne(core, {
        ...options,
        connections: share(options.connections, i),
        ...(options.amount ? { amount: share(options.amount, i) } : {}),
      }),
    ),
  );
  const sum = (field) => runs.reduce((total, run) => total + run[field], 0);
  const most = (field) => Math.max(...runs.map((run) => run[field]));
  return {
    requests: sum('requests'),
    rps: sum('rps'),
    durationSec: most('durationSec'),
    p50: most('p50'),
    p99: most('p99'),
    max: most('max'),
    errors: sum('errors'),
    timeouts: sum('timeouts'),
    non2xx: sum('non2xx'),
    processes,
  };
}

/** The autocannon options for one route of the bench. */
function routeLoad(port, route, { connections, duration }) {
  return {
    url: `http://127.0.0.1:${port}${route.path}`,
    method: route.method,
    headers: route.headers ?? {},
    body: route.payload,
    connections,
    duration,
    pipelining: 1,
    freshTokens: route.freshTokens,
  };
}

module.exports = { runLoad, routeLoad, coreList };
