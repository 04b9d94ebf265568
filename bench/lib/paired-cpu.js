'use strict';
// CPU per request of one stack over another, taken within each round (both measured in the same
// round, minutes apart at most) and summarised as the median over rounds with the spread.
const { median } = require('./stats');

/** The comparisons reported, with the most each may be (`limit`, absent for information only). */
const COMPARISONS = [
  { a: 'trellis-express', b: 'fastify-same-headers', limit: 1.05, why: 'engine with its defaults vs the fair hand-written peer' },
  { a: 'trellis-fastify', b: 'fastify-same-headers', limit: 1.05, why: 'engine with its defaults vs the fair hand-written peer' },
  { a: 'trellis-fastify', b: 'trellis-express', limit: 1.05, why: 'the two engines' },
  { a: 'trellis-express', b: 'node-http', why: 'engine vs the floor (no headers there)' },
  { a: 'trellis-fastify', b: 'node-http', why: 'engine vs the floor (no headers there)' },
  { a: 'fastify-same-headers', b: 'node-http', why: 'what the twelve headers and Fastify cost by hand' },
  { a: 'trellis-express-observed', b: 'trellis-express', limit: 1.25, why: 'request id + access log + metrics on vs off' },
  { a: 'trellis-fastify-observed', b: 'trellis-fastify', limit: 1.25, why: 'request id + access log + metrics on vs off' },
  { a: 'trellis-express-observed', b: 'fastify-production', limit: 1, why: 'observed vs Fastify in production (logger + helmet)' },
  { a: 'trellis-fastify-observed', b: 'fastify-production', limit: 1, why: 'observed vs Fastify in production (logger + helmet)' },
  { a: 'trellis-express-traced', b: 'trellis-express', limit: 1.5, why: 'tracing too vs everything off' },
  { a: 'trellis-fastify-traced', b: 'trellis-fastify', limit: 1.5, why: 'tracing too vs everything off' },
  { a: 'node-http-traced', b: 'node-http', why: 'one SDK span per request by hand, on the floor' },
  { a: 'trellis-express-traced-context', b: 'trellis-express', why: 'tracing with the context manager an SDK registers vs everything off' },
  { a: 'trellis-fastify-traced-context', b: 'trellis-fastify', why: 'tracing with the context manager an SDK registers vs everything off' },
  { a: 'trellis-express', b: 'trellis-express-before', why: 'this checkout vs the earlier one (BENCH_BEFORE)' },
  { a: 'trellis-fastify', b: 'trellis-fastify-before', why: 'this checkout vs the earlier one (BENCH_BEFORE)' },
  { a: 'trellis-express-observed', b: 'trellis-express-observed-before', why: 'the same, request id + access log + metrics on (BENCH_BEFORE)' },
  { a: 'trellis-fastify-observed', b: 'trellis-fastify-observed-before', why: 'the same, request id + access log + metrics on (BENCH_BEFORE)' },
];

/** The per-round ratios of `a`'s CPU per request to `b`'s on `route`. */
function roundRatios(results, a, b, route) {
  const one = results.stacks[a]?.rounds ?? [];
  const other = results.stacks[b]?.rounds ?? [];
  const ratios = [];
  for (let i = 0; i < Math.min(one.length, other.length); i++) {
    const top = one[i].routes[route];
    const bottom = other[i].routes[route];
    if (top && bottom) ratios.push(top.cpuUsPerReq / bottom.cpuUsPerReq);
  }
  return ratios;
}

/** Every comparison whose two stacks ran, per route: median, min and max of the round ratios. */
function pairedCpu(results, routeNames) {
  const rows = [];
  for (const comparison of COMPARISONS) {
    if (!results.stacks[comparison.a] || !results.stacks[comparison.b]) continue;
    const routes = {};
    for (const route of routeNames) {
      const ratios = roundRatios(results, comparison.a, comparison.b, route);
      if (ratios.length === 0) continue;
      routes[route] = { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios), rounds: ratios };
    }
    rows.push({ ...comparison, routes });
  }
  return rows;
}

module.exports = { pairedCpu };
