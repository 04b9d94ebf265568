'use strict';
// The stacks compared: one server file each under stacks/ (some served twice with different
// settings), all serving the same routes.

const ENGINES = { express: 'Express', fastify: 'Fastify' };

// The same two Trellis apps with request ids, access log and metrics on (BENCH_OBSERVE=1), then
// with tracing besides (trace), then also with the context manager an SDK registers (trace-context).
const OBSERVED = [
  { suffix: 'observed', observe: '1', what: 'request id + access log + metrics' },
  { suffix: 'traced', observe: 'trace', what: 'the same + tracing' },
  { suffix: 'traced-context', observe: 'trace-context', what: 'the same + tracing + context manager' },
];

function observedStacks() {
  return OBSERVED.flatMap(({ suffix, observe, what }) =>
    Object.entries(ENGINES).map(([engine, engineName]) => ({
      name: `trellis-${engine}-${suffix}`,
      label: `Trellis (${engineName}), ${what}`,
      file: 'trellis',
      env: { BENCH_ENGINE: engine, BENCH_OBSERVE: observe, LOG_LEVEL: 'info' },
      quiet: true,
    })),
  );
}

/**
 * Every stack, in table order; `baseline` is what ratios are taken against; `routes` limits a
 * stack to those; `quiet` sends its stdout (where the logging stacks write) to /dev/null.
 */
const STACKS = [
  { name: 'express-idiomatic', label: 'Express 5, idiomatic', file: 'express-idiomatic', baseline: true },
  { name: 'express-tuned', label: 'Express 5, tuned by hand', file: 'express-tuned' },
  { name: 'trellis-express', label: 'Trellis (Express engine)', file: 'trellis', env: { BENCH_ENGINE: 'express' } },
  { name: 'trellis-fastify', label: 'Trellis (Fastify engine)', file: 'trellis', env: { BENCH_ENGINE: 'fastify' } },
  ...observedStacks(),
  // Trellis on Fastify without its default security headers: the same headers as the hand-written
  // stacks send, so the list-route target compares the same work (helmet's 12 headers cost any stack).
  {
    name: 'trellis-fastify-same-headers',
    label: 'Trellis (Fastify), same headers as by hand',
    file: 'trellis',
    env: { BENCH_ENGINE: 'fastify', BENCH_SECURITY_HEADERS: '0' },
    routes: ['hello', 'items'],
  },
  { name: 'nestjs', label: 'NestJS 12 on Express', file: 'nestjs' },
  { name: 'routing-controllers', label: 'routing-controllers 0.11 (Express 4)', file: 'routing-controllers' },
  { name: 'inversify-http', label: '@inversifyjs/http-express 5', file: 'inversify-http' },
  { name: 'fastify', label: 'Fastify 5, by hand (reference)', file: 'fastify' },
  // The fair peer of Trellis's defaults: the same twelve security headers, from one object built once.
  {
    name: 'fastify-same-headers',
    label: 'Fastify 5, by hand, same 12 security headers',
    file: 'fastify',
    env: { BENCH_FASTIFY: 'same-headers' },
  },
  // Fastify as production runs it: `logger: true` (two lines per request) and @fastify/helmet.
  {
    name: 'fastify-production',
    label: 'Fastify 5, by hand, logger: true + @fastify/helmet',
    file: 'fastify',
    env: { BENCH_FASTIFY: 'production' },
    quiet: true,
  },
  { name: 'node-http', label: 'node:http, bare (floor)', file: 'node-http' },
  // The floor with one OpenTelemetry span per request made by hand: what the SDK's span costs alone.
  {
    name: 'node-http-traced',
    label: 'node:http, bare, + one SDK span per request by hand',
    file: 'node-http',
    env: { BENCH_TRACE: '1' },
  },
];

// BENCH_BEFORE=<an earlier checkout, built, with `tsc -p bench` run> serves its Trellis beside
// today's, so a change of structure is measured before/after in the same rounds.
if (process.env.BENCH_BEFORE) {
  for (const [engine, engineName] of Object.entries(ENGINES)) {
    const script = require('node:path').join(process.env.BENCH_BEFORE, 'bench', 'stacks', 'trellis.js');
    STACKS.push({
      name: `trellis-${engine}-before`,
      label: `Trellis (${engineName} engine), the earlier checkout`,
      script,
      env: { BENCH_ENGINE: engine },
    });
    // With the operations' parts on (request id, access log, metrics): the seams they ride changed too.
    STACKS.push({
      name: `trellis-${engine}-observed-before`,
      label: `Trellis (${engineName}), request id + access log + metrics, the earlier checkout`,
      script,
      env: { BENCH_ENGINE: engine, BENCH_OBSERVE: '1', LOG_LEVEL: 'info' },
      quiet: true,
    });
  }
}

// BENCH_OTHER_NODE=<a node binary> serves today's Trellis on that Node too, beside the bench's own
// Node, so two runtimes are compared in the same rounds (e.g. Node 20 against 24).
if (process.env.BENCH_OTHER_NODE) {
  const version = require('node:child_process')
    .execFileSync(process.env.BENCH_OTHER_NODE, ['--version'], { encoding: 'utf8' })
    .trim();
  for (const [engine, engineName] of Object.entries(ENGINES)) {
    STACKS.push({
      name: `trellis-${engine}-other-node`,
      label: `Trellis (${engineName} engine) on Node ${version}`,
      file: 'trellis',
      node: process.env.BENCH_OTHER_NODE,
      env: { BENCH_ENGINE: engine },
    });
  }
}

// The stacks of the paired comparisons (BENCH_PAIRED=1), which the bundle for a quiet machine carries.
const PAIRED_STACKS = [
  'trellis-express',
  'trellis-fastify',
  'fastify-same-headers',
  'node-http',
  'trellis-express-observed',
  'trellis-fastify-observed',
  'fastify-production',
  'trellis-express-traced',
  'trellis-fastify-traced',
  'node-http-traced',
];

module.exports = { PAIRED_STACKS, STACKS };
