'use strict';
// Start-up of the reference application (`node dist/sample/main.js`, in-memory database): spawn
// to first HTTP answer, and its resident memory then, on each engine.
const { existsSync } = require('node:fs');
const path = require('node:path');
const { ROOT_DIR } = require('./environment');
const { memory } = require('./proc');
const { startServer, stopServer } = require('./server');
const { median } = require('./stats');

const SAMPLE = path.join(ROOT_DIR, 'dist', 'sample', 'main.js');

async function startOnce(engine, config) {
  const env = { DATABASE_FILE: ':memory:', TRELLIS_ENGINE: engine, NODE_ENV: 'development', LOG_LEVEL: 'warn' };
  const server = await startServer(SAMPLE, { env, port: config.port, probePath: '/', cwd: ROOT_DIR });
  try {
    const { rssMiB } = memory(server.pid);
    return { startupMs: server.startupMs, rssMiB };
  } finally {
    await stopServer(server);
  }
}

/** Median start-up and RSS of the sample on each engine, or why it could not be measured. */
async function measureSampleStartup(config, log) {
  if (!existsSync(SAMPLE)) return { missing: 'dist/sample/main.js is not built' };
  const runs = Math.max(config.rounds, 3);
  const result = {};
  for (const engine of ['express', 'fastify']) {
    const samples = [];
    try {
      for (let i = 0; i < runs; i++) samples.push(await startOnce(engine, config));
      result[engine] = {
        startupMs: median(samples.map((sample) => sample.startupMs)),
        rssMiB: median(samples.map((sample) => sample.rssMiB)),
        runs: samples,
      };
      log(`  sample (${engine}): ${result[engine].startupMs.toFixed(0)} ms, ${result[engine].rssMiB.toFixed(1)} MiB`);
    } catch (err) {
      log(`  sample (${engine}) failed: ${err.message.split('\n')[0]}`);
      result[engine] = { failure: err.message };
    }
  }
  return result;
}

module.exports = { measureSampleStartup };
