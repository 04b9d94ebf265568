'use strict';
// Do bcrypt logins block the event loop? A Trellis server with the auth module (bcrypt cost 12,
// as the sample) answers GET /hello at a steady rate while other connections keep POST /login
// busy; the p99 of /hello with and without the logins tells.
const path = require('node:path');
const { BENCH_DIR } = require('./environment');
const { runLoad } = require('./load-runner');
const { startServer, stopServer } = require('./server');

const BCRYPT_COST = Number(process.env.BENCH_BCRYPT_COST ?? 12);
const HELLO_RATE = 1_000;
const HELLO_CONNECTIONS = 10;
const LOGIN_CONNECTIONS = 8;
const LOGIN = JSON.stringify({ username: 'ada', password: 'S3cret!pass' });

function helloAtRate(port, duration) {
  return runLoad({
    url: `http://127.0.0.1:${port}/hello`,
    connections: HELLO_CONNECTIONS,
    overallRate: HELLO_RATE,
    // autocannon paces by sending each second's budget at once, not by a steady interval, so its
    // coordinated-omission correction would invent delays: the latencies are taken as measured.
    ignoreCoordinatedOmission: true,
    duration,
  });
}

async function measureEngine(engine, config, log) {
  const script = path.join(BENCH_DIR, 'stacks', 'trellis.js');
  const env = { BENCH_ENGINE: engine, BENCH_LOGIN: '1', BENCH_BCRYPT_ROUNDS: String(BCRYPT_COST) };
  const server = await startServer(script, { env, port: config.port, waitForLine: 'listening' });
  try {
    const duration = Math.max(config.duration, 3);
    await helloAtRate(config.port, 2);
    const quiet = await helloAtRate(config.port, duration);
    const logins = runLoad({
      url: `http://127.0.0.1:${config.port}/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: LOGIN,
      connections: LOGIN_CONNECTIONS,
      duration: duration + 2,
      timeout: 30,
    });
    // The logins saturate bcrypt's threads before /hello is measured.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const busy = await helloAtRate(config.port, duration);
    const login = await logins;
    const result = {
      engine,
      bcryptCost: BCRYPT_COST,
      helloRate: HELLO_RATE,
      loginConnections: LOGIN_CONNECTIONS,
      quiet: { p50: quiet.p50, p99: quiet.p99, max: quiet.max },
      busy: { p50: busy.p50, p99: busy.p99, max: busy.max, non2xx: busy.non2xx, errors: busy.errors },
      logins: { perSecond: login.rps, total: login.requests, non2xx: login.non2xx, errors: login.errors },
    };
    log(
      `  trellis-${engine}: /hello p99 ${quiet.p99} ms quiet, ${busy.p99} ms during logins ` +
        `(${login.rps.toFixed(1)} logins/s, ${login.non2xx} non-2xx)`,
    );
    return result;
  } finally {
    await stopServer(server);
  }
}

/** The event-loop figures of Trellis on each engine. */
async function measureEventLoop(config, log) {
  const results = [];
  for (const engine of ['express', 'fastify']) {
    try {
      results.push(await measureEngine(engine, config, log));
    } catch (err) {
      log(`  trellis-${engine} failed: ${err.message.split('\n')[0]}`);
      results.push({ engine, failure: err.message });
    }
  }
  return results;
}

module.exports = { measureEventLoop };
