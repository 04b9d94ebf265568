'use strict';
// Cold start-up: spawn `node <script>` (any core: the machine is shared), poll its probe path
// until it answers, read its resident memory then, stop it. Repeated runs give medians.
const { existsSync } = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { memory } = require('../lib/proc');
const { startServer, stopServer } = require('../lib/server');
const { median } = require('../lib/stats');

// A port nothing listens on now: the machine is shared, so no fixed range is safe.
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

// STARTUP_COMPILE_CACHE=<dir> starts every stack with Node's module compile cache in that folder
// (NODE_COMPILE_CACHE), warmed by one start of each stack that is not counted.
const COMPILE_CACHE = process.env.STARTUP_COMPILE_CACHE;

/** One cold start of `script`: { startupMs, rssMiB }. */
async function startOnce(script, { env = {}, probePath = '/hello', args = [] } = {}) {
  if (COMPILE_CACHE) env = { ...env, NODE_COMPILE_CACHE: COMPILE_CACHE };
  const port = await freePort();
  const server = await startServer(script, { env, port, probePath, args, pin: false, quiet: true });
  try {
    return { startupMs: server.startupMs, rssMiB: memory(server.pid).rssMiB };
  } finally {
    await stopServer(server);
  }
}

/**
 * `runs` cold starts of each stack, in turn (A B C A B C ...) so that a drift of the machine's
 * speed reaches every stack alike; resolves to each stack's medians and spread.
 */
async function measureStacks(stacks, runs) {
  const samples = new Map(stacks.map((stack) => [stack.name, []]));
  if (COMPILE_CACHE) for (const stack of stacks) await startOnce(stack.script, stack);
  for (let run = 0; run < runs; run++)
    for (const stack of stacks) samples.get(stack.name).push(await startOnce(stack.script, stack));
  return stacks.map((stack) => {
    const each = samples.get(stack.name);
    const ms = each.map((sample) => sample.startupMs).sort((a, b) => a - b);
    return {
      name: stack.name,
      label: stack.label,
      startupMs: median(ms),
      minMs: ms[0],
      maxMs: ms[ms.length - 1],
      rssMiB: median(each.map((sample) => sample.rssMiB)),
      runs: each.length,
    };
  });
}

const STACKS_DIR = path.join(__dirname, '..', 'stacks');

// The frameworks that only the bench's own packages bring (`npm ci --prefix bench`).
const BENCH_PACKAGES = path.join(__dirname, '..', 'node_modules');

/** The five-route bench application on every stack that can run here. */
function benchStacks() {
  const stack = (name, label, file, env = {}) => ({ name, label, script: path.join(STACKS_DIR, `${file}.js`), env });
  const installed = (name) => existsSync(path.join(BENCH_PACKAGES, name, 'package.json'));
  return [
    stack('trellis-express', 'Trellis (Express engine)', 'trellis', { BENCH_ENGINE: 'express' }),
    stack('trellis-fastify', 'Trellis (Fastify engine)', 'trellis', { BENCH_ENGINE: 'fastify' }),
    stack('fastify', 'Fastify 5 by hand', 'fastify'),
    stack('express', 'Express 5 idiomatic', 'express-idiomatic'),
    stack('node-http', 'node:http bare', 'node-http'),
    ...(installed('@nestjs/core') ? [stack('nestjs', 'NestJS 12 on Express', 'nestjs')] : []),
    ...(installed('routing-controllers') ? [stack('routing-controllers', 'routing-controllers 0.11', 'routing-controllers')] : []),
    ...(installed('@inversifyjs/http-express') ? [stack('inversify-http', '@inversifyjs/http-express 5', 'inversify-http')] : []),
  ];
}

module.exports = { benchStacks, measureStacks, startOnce };
