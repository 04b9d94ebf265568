'use strict';
// Start-up of the reference application (`node dist/sample/main.js`): spawn to its first answer
// to `GET /health`, and its resident memory then, on each engine. The headline is a new database
// started as `npm start` starts it, on any core: the demo users' bcrypt hash runs on a libuv
// thread beside start-up. Pinned to one core, that hash adds to start-up instead; with an
// existing database there is no hash. Both are measured too.
const { existsSync, mkdtempSync, rmSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ROOT_DIR } = require('./environment');
const { memory } = require('./proc');
const { startServer, stopServer } = require('./server');
const { median } = require('./stats');

const SAMPLE = path.join(ROOT_DIR, 'dist', 'sample', 'main.js');

async function startOnce(engine, config, { databaseFile, pin }) {
  const env = { DATABASE_FILE: databaseFile, TRELLIS_ENGINE: engine, NODE_ENV: 'development', LOG_LEVEL: 'warn' };
  const server = await startServer(SAMPLE, { env, port: config.port, probePath: '/health', cwd: ROOT_DIR, pin });
  try {
    const { rssMiB } = memory(server.pid);
    return { startupMs: server.startupMs, rssMiB };
  } finally {
    await stopServer(server);
  }
}

async function scenario(engine, config, runs, options) {
  const samples = [];
  for (let i = 0; i < runs; i++) samples.push(await startOnce(engine, config, options));
  return {
    startupMs: median(samples.map((sample) => sample.startupMs)),
    rssMiB: median(samples.map((sample) => sample.rssMiB)),
    runs: samples,
  };
}

/** Median start-up and RSS of the sample on each engine, or why it could not be measured. */
async function measureSampleStartup(config, log) {
  if (!existsSync(SAMPLE)) return { missing: 'dist/sample/main.js is not built' };
  const runs = Math.max(config.rounds, 5);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'trellis-sample-'));
  const result = {};
  try {
    for (const engine of ['express', 'fastify']) {
      try {
        const existing = path.join(dir, `${engine}.db`);
        // The first start creates and seeds the file; the measured ones find it ready.
        await startOnce(engine, config, { databaseFile: existing, pin: false });
        const fresh = await scenario(engine, config, runs, { databaseFile: ':memory:', pin: false });
        result[engine] = {
          ...fresh,
          pinned: await scenario(engine, config, runs, { databaseFile: ':memory:', pin: true }),
          existingDatabase: await scenario(engine, config, runs, { databaseFile: existing, pin: false }),
        };
        const { pinned, existingDatabase } = result[engine];
        log(
          `  sample (${engine}): ${fresh.startupMs.toFixed(0)} ms, ${fresh.rssMiB.toFixed(1)} MiB; ` +
            `pinned ${pinned.startupMs.toFixed(0)} ms; existing database ${existingDatabase.startupMs.toFixed(0)} ms`,
        );
      } catch (err) {
        log(`  sample (${engine}) failed: ${err.message.split('\n')[0]}`);
        result[engine] = { failure: err.message };
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return result;
}

module.exports = { measureSampleStartup };
