'use strict';
// The stacks compared: one server file each under stacks/, all serving the same routes (but the
// bare node:http floor, which serves only the list route it is compared on).

/** Every stack, in table order; `baseline` is what ratios are taken against; `routes` limits a stack to those. */
const STACKS = [
  { name: 'express-idiomatic', label: 'Express 5, idiomatic', file: 'express-idiomatic', baseline: true },
  { name: 'express-tuned', label: 'Express 5, tuned by hand', file: 'express-tuned' },
  { name: 'trellis-express', label: 'Trellis (Express engine)', file: 'trellis', env: { BENCH_ENGINE: 'express' } },
  { name: 'trellis-fastify', label: 'Trellis (Fastify engine)', file: 'trellis', env: { BENCH_ENGINE: 'fastify' } },
  // The same two apps with request ids, access log, metrics and tracing on (BENCH_OBSERVE=1).
  {
    name: 'trellis-express-observed',
    label: 'Trellis (Express), everything observed',
    file: 'trellis',
    env: { BENCH_ENGINE: 'express', BENCH_OBSERVE: '1' },
  },
  {
    name: 'trellis-fastify-observed',
    label: 'Trellis (Fastify), everything observed',
    file: 'trellis',
    env: { BENCH_ENGINE: 'fastify', BENCH_OBSERVE: '1' },
  },
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
  { name: 'node-http', label: 'node:http, bare (floor)', file: 'node-http', routes: ['items'] },
];

module.exports = { STACKS };
