'use strict';
// Profiles one stack on one route: runs it under `node --cpu-prof` on the server core, loads the
// route from the load core, and prints the CPU time per request and the functions that cost the
// most (self time). The .cpuprofile is kept in bench/results/ for Chrome DevTools.
//
//   node bench/profile.js trellis-express hello [seconds]
const { mkdirSync, readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');
const { BENCH_DIR } = require('./lib/environment');
const { runLoad, routeLoad } = require('./lib/load-runner');
const { cpuMicros } = require('./lib/proc');
const { routes } = require('./lib/routes');
const { startServer, stopServer } = require('./lib/server');
const { STACKS } = require('./lib/stacks');
const { benchToken } = require('./lib/token');

const PORT = 3390;
const TOP = 30;

function topFunctions(profileFile) {
  const profile = JSON.parse(readFileSync(profileFile, 'utf8'));
  const selfTicks = new Map();
  const counts = new Map();
  for (const sample of profile.samples) counts.set(sample, (counts.get(sample) ?? 0) + 1);
  let total = 0;
  for (const node of profile.nodes) {
    const hits = counts.get(node.id) ?? 0;
    total += hits;
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^.*\/main\//, '')}:${lineNumber + 1}`;
    selfTicks.set(key, (selfTicks.get(key) ?? 0) + hits);
  }
  return [...selfTicks.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([key, hits]) => `${((hits / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
}

async function main() {
  const [stackName = 'trellis-express', routeName = 'hello', seconds = '10'] = process.argv.slice(2);
  const stack = STACKS.find((candidate) => candidate.name === stackName);
  const route = routes(benchToken()).find((candidate) => candidate.name === routeName);
  if (!stack || !route) throw new Error('usage: node bench/profile.js <stack> <route> [seconds]');
  const dir = path.join(BENCH_DIR, 'results', `profile-${stackName}-${routeName}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  const script = path.join(BENCH_DIR, 'stacks', `${stack.file}.js`);
  const server = await startServer(script, { env: stack.env, port: PORT, quiet: stack.quiet, args: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
  try {
    await runLoad(routeLoad(PORT, route, { connections: 50, duration: 2 }));
    const before = cpuMicros(server.pid);
    const load = await runLoad(routeLoad(PORT, route, { connections: 50, duration: Number(seconds) }));
    const cpu = cpuMicros(server.pid) - before;
    console.log(
      `${stackName} ${route.label}: ${Math.round(load.rps)} req/s, p99 ${load.p99} ms, ` +
        `${(cpu / load.requests).toFixed(1)} µs CPU/req, ${load.non2xx} non-2xx, ${load.requests} requests`,
    );
  } finally {
    await stopServer(server);
  }
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error('no profile written');
  console.log(`${path.join(dir, file)}\nSelf time:`);
  for (const line of topFunctions(path.join(dir, file))) console.log(line);
}

main().catch((err) => {
  console.error(err.stack);
  process.exitCode = 1;
});
