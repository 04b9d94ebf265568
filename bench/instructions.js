'use strict';
// Counts the machine instructions a server spends per request on one route, under valgrind's
// callgrind: the count does not depend on what else runs on the machine, so two builds or two
// stacks compare within a percent or so even on a busy host, where CPU time varies by 30%.
// Collection is off during start-up and warm-up (V8 compiles the hot path then) and on only
// for the measured requests, counted in several windows. V8 optimises on a background thread,
// which valgrind runs slowly, so the first windows may still run slower code, and a window that
// holds a major garbage collection counts more: the figure is the median of the last three.
//
//   node bench/instructions.js <stack> <route> [requests per window] [warm-up requests] [windows]
const { execFileSync, spawn } = require('node:child_process');
const { mkdtempSync, readFileSync, readdirSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { BENCH_DIR } = require('./lib/environment');
const { runLoad, routeLoad } = require('./lib/load-runner');
const { routes } = require('./lib/routes');
const { request } = require('./lib/server');
const { STACKS } = require('./lib/stacks');
const { benchToken } = require('./lib/token');

const START_TIMEOUT_MS = 300_000;

async function waitForAnswer(port, child) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the server exited during start-up');
    try {
      return await request(port, { path: '/hello' });
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error('the server did not answer under valgrind');
}

function callgrind(pid, option) {
  execFileSync('callgrind_control', [option, String(pid)], { stdio: 'ignore' });
}

// Each dump is a file of its own (callgrind.out.<pid>.<n>); the files not yet read are the new ones.
function newInstructions(dir, seen) {
  let total = 0;
  for (const file of readdirSync(dir)) {
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(path.join(dir, file), 'utf8');
    total += Number(/^(?:summary|totals): (\d+)/m.exec(text)?.[1] ?? 0);
  }
  return total;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function main() {
  const [stackName, routeName = 'hello', count = '1500', warmup = '20000', windows = '4'] = process.argv.slice(2);
  const stack = STACKS.find((candidate) => candidate.name === stackName);
  const route = routes(benchToken()).find((candidate) => candidate.name === routeName);
  if (!stack || !route) throw new Error('usage: node bench/instructions.js <stack> <route> [requests] [warm-up]');
  const port = 3400 + Math.floor(Math.random() * 500);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'trellis-callgrind-'));
  const script = path.join(BENCH_DIR, 'stacks', `${stack.file}.js`);
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      '--smc-check=all-non-file',
      `--callgrind-out-file=${path.join(dir, 'callgrind.out.%p')}`,
      process.execPath,
      script,
    ],
    {
      env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...stack.env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  try {
    await waitForAnswer(port, child);
    const load = { connections: 10, duration: 0 };
    await runLoad({ ...routeLoad(port, route, load), amount: Number(warmup) });
    const seen = new Set();
    const perRequest = [];
    let failed = 0;
    callgrind(child.pid, '--instr=on');
    for (let window = 0; window < Number(windows); window++) {
      callgrind(child.pid, '--zero');
      const measured = await runLoad({ ...routeLoad(port, route, load), amount: Number(count) });
      callgrind(child.pid, '--dump');
      failed += measured.non2xx + measured.errors;
      perRequest.push(newInstructions(dir, seen) / measured.requests);
    }
    const windowsText = perRequest.map((value) => `${Math.round(value / 1000)}k`).join(' ');
    console.log(
      `${stackName} ${route.label}: ${Math.round(median(perRequest.slice(-3))).toLocaleString('en-US')} instructions per request ` +
        `(median of the last 3 of ${perRequest.length} windows of ${count} requests: ${windowsText}; ${failed} failed)`,
    );
  } catch (err) {
    console.error(errors.slice(-2000));
    throw err;
  } finally {
    child.kill('SIGKILL');
  }
}

main().catch((err) => {
  console.error(err.stack);
  process.exitCode = 1;
});
