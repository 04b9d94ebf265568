'use strict';
// Medians over rounds, ratios to idiomatic Express 5, and the targets Trellis is held to.
const { STACKS } = require('./stacks');
const { median } = require('./stats');
const { pairedCpu } = require('./paired-cpu');

const METRICS = ['rps', 'p50', 'p99', 'cpuUsPerReq'];
const BASELINE = STACKS.find((stack) => stack.baseline).name;
const RIVALS = ['nestjs', 'routing-controllers', 'inversify-http'];
const FASTIFY_ROUTES = ['hello', 'user', 'validate', 'protected'];

function summariseStack(stack, routeNames) {
  const { rounds } = stack;
  if (rounds.length === 0) return undefined;
  const routes = {};
  for (const name of routeNames) {
    const measured = rounds.map((round) => round.routes[name]).filter(Boolean);
    if (measured.length === 0) continue;
    routes[name] = Object.fromEntries(METRICS.map((metric) => [metric, median(measured.map((m) => m[metric]))]));
    routes[name].bad = measured.reduce((sum, m) => sum + m.errors + m.non2xx + m.timeouts, 0);
    const mismatch = measured.find((m) => m.mismatch)?.mismatch;
    if (mismatch) routes[name].mismatch = mismatch;
  }
  return {
    startupMs: median(rounds.map((round) => round.startupMs)),
    idleRssMiB: median(rounds.map((round) => round.idleRssMiB)),
    loadedRssMiB: median(rounds.map((round) => round.loadedRssMiB)),
    peakRssMiB: median(rounds.map((round) => round.peakRssMiB)),
    routes,
  };
}

function rps(summary, stack, route) {
  return summary[stack]?.routes[route]?.rps ?? Number.NaN;
}

/**
 * The median over rounds of `metric(numerator) / metric(denominator)` for two routes of one
 * stack: each pair was measured by the same server in the same round, a few seconds apart, so
 * drift on the machine cancels out, which a ratio of medians taken over rounds does not do.
 */
function pairedRatio(stack, numerator, denominator, metric) {
  return median(
    stack.rounds.map((round) => {
      const top = round.routes[numerator];
      const bottom = round.routes[denominator];
      return top && bottom ? metric(top) / metric(bottom) : Number.NaN;
    }),
  );
}

/**
 * The median over rounds of `metric(one) / metric(other)` on one route for two stacks: each
 * round measures both, so the ratio is taken within the round before the median over rounds.
 */
function pairedAcross(results, one, other, route, metric) {
  const a = results.stacks[one]?.rounds ?? [];
  const b = results.stacks[other]?.rounds ?? [];
  const ratios = [];
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const top = a[i].routes[route];
    const bottom = b[i].routes[route];
    if (top && bottom) ratios.push(metric(top) / metric(bottom));
  }
  return ratios.length > 0 ? median(ratios) : Number.NaN;
}

function target(name, value, passed, detail) {
  return { name, value, passed: Number.isFinite(value) ? passed : undefined, detail };
}

const fmt = (value, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

/** Whether each target of the benchmark issue is met by this run. */
function checkTargets(summary, results, routeNames) {
  const targets = [];
  const trellis = 'trellis-express';
  for (const route of routeNames) {
    const ratio = rps(summary, trellis, route) / rps(summary, BASELINE, route);
    targets.push(target(`Express engine >= 1.2 x idiomatic Express 5 on ${route}`, ratio, ratio >= 1.2, `${fmt(ratio)} x`));
    const tuned = rps(summary, trellis, route) / rps(summary, 'express-tuned', route);
    targets.push(target(`Express engine >= tuned Express 5 on ${route}`, tuned, tuned >= 1, `${fmt(tuned)} x`));
    const rivals = RIVALS.map((rival) => rps(summary, trellis, route) / rps(summary, rival, route));
    const worst = Math.min(...rivals.filter(Number.isFinite));
    targets.push(
      target(`Express engine ahead of NestJS, routing-controllers, inversify on ${route}`, worst, worst > 1, `closest ${fmt(worst)} x`),
    );
  }
  for (const engine of ['express', 'fastify']) {
    const stack = results.stacks[`trellis-${engine}`];
    if (!stack) continue;
    const scoped = pairedRatio(stack, 'scoped', 'hello', (route) => route.rps);
    const scopedCpu = pairedRatio(stack, 'scoped', 'hello', (route) => route.cpuUsPerReq);
    targets.push(
      target(
        `Request-scoped route within 10% of the singleton route /hello (${engine})`,
        scoped,
        scoped >= 0.9,
        `${fmt(scoped)} x the req/s of /hello (CPU per request ${fmt(scopedCpu)} x)`,
      ),
    );
    // "No slower by more than 25%": time per request on /protected at most 1.25 x that of /hello.
    const guarded = pairedRatio(stack, 'hello', 'protected', (route) => route.rps);
    const guardedCpu = pairedRatio(stack, 'protected', 'hello', (route) => route.cpuUsPerReq);
    targets.push(
      target(
        `/protected at most 25% slower than /hello (${engine})`,
        guarded,
        guarded <= 1.25,
        `${fmt(guarded)} x the time of /hello (CPU per request ${fmt(guardedCpu)} x)`,
      ),
    );
  }
  for (const run of results.eventLoop ?? []) {
    const p99 = run.busy?.p99 ?? Number.NaN;
    targets.push(target(`/hello p99 under 20 ms during bcrypt logins (${run.engine})`, p99, p99 < 20, `${fmt(p99, 1)} ms`));
  }
  for (const [engine, run] of Object.entries(results.sample ?? {})) {
    if (typeof run !== 'object') continue;
    const ms = run.startupMs ?? Number.NaN;
    targets.push(target(`Sample start-up under 1 s (${engine})`, ms, ms < 1000, `${fmt(ms, 0)} ms`));
  }
  for (const route of FASTIFY_ROUTES) {
    const ratio = rps(summary, 'trellis-fastify', route) / rps(summary, 'fastify', route);
    targets.push(target(`Fastify engine >= 0.8 x Fastify 5 on ${route}`, ratio, ratio >= 0.8, `${fmt(ratio)} x`));
  }
  // The list route: serialization through the declared schema against Fastify's own response schema
  // (paired per round: both stacks measured in the same round), and CPU against bare node:http.
  const sameHeaders = pairedAcross(results, 'trellis-fastify-same-headers', 'fastify', 'items', (route) => route.rps);
  targets.push(
    target(
      'Fastify engine (same headers) >= 0.95 x Fastify 5 with a response schema on items (paired per round)',
      sameHeaders,
      sameHeaders >= 0.95,
      `${fmt(sameHeaders)} x`,
    ),
  );
  // For information: with helmet's headers, which the hand-written stacks do not send.
  const fastifyItems = pairedAcross(results, 'trellis-fastify', 'fastify', 'items', (route) => route.rps);
  targets.push(
    target(
      'Fastify engine with its default security headers / Fastify 5 on items (for information)',
      fastifyItems,
      undefined,
      `${fmt(fastifyItems)} x`,
    ),
  );
  for (const stack of ['trellis-express', 'trellis-fastify', 'trellis-fastify-same-headers']) {
    const cpu = pairedAcross(results, stack, 'node-http', 'items', (route) => route.cpuUsPerReq);
    targets.push(
      target(`Server CPU per request on items within 10% of bare node:http (${stack})`, cpu, cpu <= 1.1, `${fmt(cpu)} x`),
    );
  }
  const hello = rps(summary, 'trellis-fastify', 'hello') / rps(summary, BASELINE, 'hello');
  targets.push(target('Fastify engine >= 4.5 x idiomatic Express 5 on hello', hello, hello >= 4.5, `${fmt(hello)} x`));
  for (const metric of ['startupMs', 'idleRssMiB']) {
    const ratio = (summary['trellis-fastify']?.[metric] ?? Number.NaN) / (summary[trellis]?.[metric] ?? Number.NaN);
    targets.push(
      target(`Fastify engine ${metric} within 20% of the Express engine`, ratio, Math.abs(ratio - 1) <= 0.2, `${fmt(ratio)} x`),
    );
  }
  return targets;
}

/** Medians per stack and route, ratios to the baseline, and the targets. */
function summarise(results) {
  const routeNames = results.routes.map((route) => route.name);
  const stacks = {};
  for (const [name, stack] of Object.entries(results.stacks)) {
    const summary = summariseStack(stack, routeNames);
    if (summary) stacks[name] = summary;
  }
  for (const summary of Object.values(stacks)) {
    for (const [route, figures] of Object.entries(summary.routes))
      figures.ratio = figures.rps / rps(stacks, BASELINE, route);
  }
  const paired = pairedCpu(results, routeNames);
  const targets = checkTargets(stacks, results, routeNames);
  for (const row of paired) {
    if (row.limit === undefined) continue;
    for (const [route, ratio] of Object.entries(row.routes))
      targets.push(
        target(
          `CPU per request ${row.a} / ${row.b} at most ${row.limit} x on ${route} (paired per round)`,
          ratio.median,
          ratio.median <= row.limit,
          `${fmt(ratio.median)} x`,
        ),
      );
  }
  return { baseline: BASELINE, stacks, paired, targets };
}

module.exports = { summarise };
