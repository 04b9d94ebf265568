'use strict';
// Starts a server pinned to the server core and tells when it first answers (its start-up time).
const { spawn } = require('node:child_process');
const http = require('node:http');

const SERVER_CORE = process.env.BENCH_SERVER_CORE ?? '0';
const POLL_MS = 2;
const START_TIMEOUT_MS = Number(process.env.BENCH_START_TIMEOUT_MS ?? 30_000);

/** One HTTP request; resolves to { status, headers, body } or rejects on a connection error. */
function request(port, { method = 'GET', path = '/', headers = {}, payload } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.setTimeout(5_000, () => req.destroy(new Error('request timed out')));
    req.end(payload);
  });
}

/**
 * Spawns `node <script>` on the server core (on any core with `pin: false`) with `env`, then polls
 * `probePath` until any HTTP answer arrives; resolves to { child, pid, startupMs }. With
 * `waitForLine`, also waits for the server to print that line (set-up done after listening);
 * with `quiet`, its stdout goes to /dev/null; `cores` pins it to those cores (a taskset list);
 * `node` runs it on another Node binary than this one.
 */
async function startServer(
  script,
  { env = {}, port, probePath = '/hello', args = [], cwd, waitForLine, pin = true, quiet = false, cores, node } = {},
) {
  const started = process.hrtime.bigint();
  const nodePath = node ?? process.execPath;
  const command = pin
    ? ['taskset', ['-c', cores ?? SERVER_CORE, nodePath, ...args, script]]
    : [nodePath, [...args, script]];
  const child = spawn(...command, {
    cwd,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    // A quiet server's stdout is /dev/null: its log lines cost it what writing them costs, not
    // what this process reading them would.
    stdio: ['ignore', quiet ? 'ignore' : 'pipe', 'pipe'],
  });
  let output = '';
  let exited = null;
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  child.on('exit', (code, signal) => (exited = { code, signal }));
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (exited) throw new Error(`${script} exited (${JSON.stringify(exited)}) before answering:\n${output.slice(-2000)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not answer within ${START_TIMEOUT_MS} ms:\n${output.slice(-2000)}`);
    }
    try {
      await request(port, { path: probePath });
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
  const startupMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (waitForLine) {
    while (!output.includes(waitForLine)) {
      if (exited || Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`${script} never printed '${waitForLine}'`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  return { child, pid: child.pid, startupMs, output: () => output };
}

/** Stops a server: SIGTERM, then SIGKILL if it lingers; resolves once it has exited. */
function stopServer(server) {
  return new Promise((resolve) => {
    const { child } = server;
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

module.exports = { request, startServer, stopServer };
