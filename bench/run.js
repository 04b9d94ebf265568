'use strict';
// The side-by-side benchmark: every stack serves the same five routes; each round starts each
// stack in turn (the order rotates between rounds) on the server core, checks every answer,
// then loads each route from the load core: warm-up, then a measured run. Medians over rounds
// go to bench/results/latest.json and the table in BENCHMARKS.md.
//
//   node bench/run.js                  3 rounds, 5 s per route (BENCH_ROUNDS, BENCH_DURATION)
//   BENCH_QUICK=1 node bench/run.js    one short round: checks the harness end to end
//   BENCH_STACKS=trellis-express,express-idiomatic BENCH_ROUTES=hello,protected   a subset
//   BENCH_SKIP_EVENT_LOOP=1 BENCH_SKIP_SAMPLE=1 BENCH_NO_REPORT=1   trials while optimising
//   BENCH_PAIRED=1 node bench/run.js   the paired comparisons only, into their own section
//   BENCH_BEFORE=../earlier-checkout    that checkout's Trellis beside this one (before/after ratios)
//   BENCH_OTHER_NODE=/usr/bin/node    today's Trellis on that Node too (runtime before/after ratios)
const { mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { isDeepStrictEqual } = require('node:util');
const { describeEnvironment, loadAverage, BENCH_DIR } = require('./lib/environment');
const { runLoad, routeLoad } = require('./lib/load-runner');
const { cpuMicros, memory } = require('./lib/proc');
const { writeReport } = require('./lib/report');
const { routes: benchRoutes } = require('./lib/routes');
const { measureEventLoop } = require('./lib/event-loop');
const { measureSampleStartup } = require('./lib/sample-startup');
const { request, startServer, stopServer } = require('./lib/server');
const { PAIRED_STACKS, STACKS } = require('./lib/stacks');
const { summarise } = require('./lib/summarise');
const { benchToken } = require('./lib/token');

const QUICK = process.env.BENCH_QUICK === '1';
// The stacks of the paired comparisons only, on the five main routes, into their own section.
const PAIRED = process.env.BENCH_PAIRED === '1';

const CONFIG = {
  rounds: Number(process.env.BENCH_ROUNDS ?? (QUICK ? 1 : 3)),
  duration: Number(process.env.BENCH_DURATION ?? (QUICK ? 1 : 5)),
  warmup: Number(process.env.BENCH_WARMUP ?? (QUICK ? 1 : 2)),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  port: Number(process.env.BENCH_PORT ?? 3300),
  quick: QUICK,
};

function selected(all, variable) {
  const names = process.env[variable]?.split(',').map((name) => name.trim());
  return names ? all.filter((item) => names.includes(item.name)) : all;
}

/** `items` started at `shift` and wrapped around. */
function rotated(items, shift) {
  return items.map((_, i) => items[(i + shift) % items.length]);
}

function log(message) {
  process.stderr.write(`${message}\n`);
}

/** One answer checked against what every stack must give (status and JSON body). */
async function checkAnswer(port, route) {
  const { status, body } = await request(port, route);
  let parsed;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = body;
  }
  if (status === route.status && isDeepStrictEqual(parsed, route.body)) return undefined;
  return `${route.label} answered ${status} ${body.slice(0, 200)}`;
}

/** Loads one route: warm-up, then the measured run with the server's CPU time around it. */
async function measureRoute(server, route) {
  const options = { connections: CONFIG.connections };
  await runLoad(routeLoad(CONFIG.port, route, { ...options, duration: CONFIG.warmup }));
  const cpuBefore = cpuMicros(server.pid);
  const load = await runLoad(routeLoad(CONFIG.port, route, { ...options, duration: CONFIG.duration }));
  const cpu = cpuMicros(server.pid) - cpuBefore;
  return { ...load, cpuUsPerReq: load.requests > 0 ? cpu / load.requests : Number.NaN };
}

async function measureStack(stack, routes, round) {
  const script = stack.script ?? path.join(BENCH_DIR, 'stacks', `${stack.file}.js`);
  const server = await startServer(script, { env: stack.env, port: CONFIG.port, quiet: stack.quiet, node: stack.node });
  const result = { startupMs: server.startupMs, idleRssMiB: memory(server.pid).rssMiB, routes: {} };
  const served = stack.routes ? routes.filter((route) => stack.routes.includes(route.name)) : routes;
  try {
    // The route order rotates too, so no route is always the one measured first after start-up.
    for (const route of rotated(served, round)) {
      const mismatch = await checkAnswer(CONFIG.port, route);
      const measured = await measureRoute(server, route);
      result.routes[route.name] = mismatch ? { ...measured, mismatch } : measured;
      log(
        `  ${stack.name.padEnd(20)} ${route.label.padEnd(28)} ${Math.round(measured.rps).toString().padStart(7)} req/s` +
          `  p99 ${measured.p99} ms  ${measured.cpuUsPerReq.toFixed(1)} µs/req${mismatch ? `  MISMATCH: ${mismatch}` : ''}`,
      );
    }
    const after = memory(server.pid);
    result.loadedRssMiB = after.rssMiB;
    result.peakRssMiB = after.peakRssMiB;
  } finally {
    await stopServer(server);
  }
  return result;
}

async function main() {
  const environment = describeEnvironment();
  if (PAIRED) {
    process.env.BENCH_STACKS ??= PAIRED_STACKS.join(',');
    process.env.BENCH_ROUTES ??= 'hello,user,validate,protected,items';
    process.env.BENCH_SKIP_EVENT_LOOP ??= '1';
    process.env.BENCH_SKIP_SAMPLE ??= '1';
  }
  const stacks = selected(STACKS, 'BENCH_STACKS');
  const routes = selected(benchRoutes(benchToken()), 'BENCH_ROUTES');
  const results = {
    config: CONFIG,
    environment,
    startedAt: new Date().toISOString(),
    loadAverageBefore: loadAverage(),
    routes: routes.map(({ name, label }) => ({ name, label })),
    stacks: Object.fromEntries(
      stacks.map(({ name, label, routes: served }) => [name, { label, served, rounds: [], failures: [] }]),
    ),
  };
  log(`Load average before: ${results.loadAverageBefore.join(', ')}  (${environment.cores} cores)`);

  for (let round = 0; round < CONFIG.rounds; round++) {
    // Rotating the order spreads drift (thermal, other load) evenly over the stacks.
    const order = rotated(stacks, round);
    log(`Round ${round + 1}/${CONFIG.rounds}: ${order.map((stack) => stack.name).join(', ')}`);
    for (const stack of order) {
      try {
        results.stacks[stack.name].rounds.push(await measureStack(stack, routes, round));
      } catch (err) {
        log(`  ${stack.name} failed: ${err.message.split('\n')[0]}`);
        results.stacks[stack.name].failures.push(err.message);
      }
    }
  }

  if (process.env.BENCH_SKIP_EVENT_LOOP !== '1') {
    log('Event loop under bcrypt logins');
    results.eventLoop = await measureEventLoop(CONFIG, log);
  }
  if (process.env.BENCH_SKIP_SAMPLE !== '1') {
    log('Sample start-up');
    results.sample = await measureSampleStartup(CONFIG, log);
  }

  results.loadAverageAfter = loadAverage();
  results.finishedAt = new Date().toISOString();
  results.summary = summarise(results);
  mkdirSync(path.join(BENCH_DIR, 'results'), { recursive: true });
  log(`Load average after: ${results.loadAverageAfter.join(', ')}`);
  if (process.env.BENCH_NO_REPORT === '1') {
    writeFileSync(path.join(BENCH_DIR, 'results', 'trial.json'), `${JSON.stringify(results, null, 2)}\n`);
    log('Wrote bench/results/trial.json (BENCH_NO_REPORT: BENCHMARKS.md left as it was)');
    return;
  }
  if (PAIRED) {
    writeFileSync(path.join(BENCH_DIR, 'results', 'paired.json'), `${JSON.stringify(results, null, 2)}\n`);
    writeReport(results, { paired: true });
    log('Wrote bench/results/paired.json and the paired section of BENCHMARKS.md');
    return;
  }
  writeFileSync(path.join(BENCH_DIR, 'results', 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeReport(results);
  log('Wrote bench/results/latest.json and the results section of BENCHMARKS.md');
}

main().catch((err) => {
  log(err.stack);
  process.exitCode = 1;
});
