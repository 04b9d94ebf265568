'use strict';
// The database under faults: two sample instances share one PostgreSQL database; 50 kept-alive
// connections write `POST /tasks` to them for 60 s. Mid-run one instance gets `kill -9`, and later
// PostgreSQL itself is stopped (immediate mode by default: a crash, recovered from its WAL on the
// next start) and started again. A client whose instance is gone moves to the other one, as a
// balancer would send it. At the end, every acknowledged write (201) is looked up in the database,
// and every status seen is counted, with whether each 503 carried Retry-After. A request with no
// answer after REQUEST_TIMEOUT_MS is counted as a hang.
//
//   npm run build && node bench/production/pg-crash-run.js [express,fastify]
const { execFileSync, spawn } = require('node:child_process');
const { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } = require('node:fs');
const http = require('node:http');
const { createServer } = require('node:net');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { Client } = require('pg');
const { startSample, login } = require('./sample-process');

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const DURATION_MS = Number(process.env.DURATION_MS ?? 60_000);
const KILL_AT_MS = Number(process.env.KILL_AT_MS ?? 20_000);
const PG_STOP_AT_MS = Number(process.env.PG_STOP_AT_MS ?? 35_000);
const PG_DOWN_MS = Number(process.env.PG_DOWN_MS ?? 5_000);
// immediate: no checkpoint, recovery from the WAL at the next start; fast: a clean shutdown.
const PG_STOP_MODE = process.env.PG_STOP_MODE ?? 'immediate';
const REQUEST_TIMEOUT_MS = Number(process.env.REQUEST_TIMEOUT_MS ?? 15_000);
const JWT_SECRET = 'pg-crash-run-secret-0123456789abcdefghijklmnopqrstuvwxyz';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// Debian keeps the server binaries out of PATH, one folder per major version.
function binaries() {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions)
    if (existsSync(path.join(root, version, 'bin', 'initdb'))) return path.join(root, version, 'bin');
  throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)');
}

// initdb refuses to run as root: as root, the server runs as `postgres` on a folder it owns.
function asServerUser(command, args) {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

/** A throw-away PostgreSQL with its durability settings left at their defaults (fsync on). */
async function startPostgres() {
  const bin = binaries();
  const dir = mkdtempSync(path.join(tmpdir(), 'trellis-pg-crash-'));
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0)
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'])), Number(execFileSync('id', ['-g', 'postgres'])));
  const [initdb, initArgs] = asServerUser(path.join(bin, 'initdb'), [
    '-D', data, '--locale=C', '-A', 'trust', '-U', 'postgres',
  ]);
  execFileSync(initdb, initArgs, { stdio: 'ignore' });
  const port = await freePort();
  let child;
  const accepting = () => {
    try {
      execFileSync(path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-t', '1'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  const start = async () => {
    const [command, args] = asServerUser(path.join(bin, 'postgres'), [
      '-D', data, '-p', String(port), '-c', 'listen_addresses=127.0.0.1',
      '-c', `unix_socket_directories=${dir}`, '-c', 'max_connections=200',
    ]);
    let log = '';
    child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.on('data', (chunk) => (log += chunk));
    let exited = false;
    child.once('exit', () => (exited = true));
    for (let i = 0; i < 600 && !exited && !accepting(); i++) await sleep(50);
    if (!accepting()) throw new Error(`postgres did not start:\n${log}`);
  };
  const stop = (mode) => {
    const [command, args] = asServerUser(path.join(bin, 'pg_ctl'), ['-D', data, '-m', mode, '-w', '-t', '20', 'stop']);
    execFileSync(command, args, { stdio: 'ignore' });
  };
  try {
    await start();
  } catch (err) {
    try {
      stop('immediate');
    } catch {}
    child?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  execFileSync(path.join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-c', 'CREATE DATABASE crash'], {
    stdio: 'ignore',
  });
  return {
    url: `postgres://postgres@127.0.0.1:${port}/crash`,
    start,
    stop,
    close() {
      try {
        stop('fast');
      } catch {}
      child?.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One client: a request at a time on a kept-alive connection, moving to another instance when its own is gone. */
async function writer(index, instances, token, marker, tally, acked, until) {
  let target = index % instances.length;
  let n = 0;
  while (Date.now() < until()) {
    const instance = instances[target];
    const title = `${marker}-${index}-${n++}`;
    const body = JSON.stringify({ title });
    const outcome = await new Promise((resolve) => {
      const sentAt = Date.now();
      const req = http.request(
        {
          host: '127.0.0.1',
          port: instance.port,
          path: '/tasks',
          method: 'POST',
          agent: instance.agent,
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text, ms: Date.now() - sentAt }));
          res.on('error', (err) => resolve({ error: err.code ?? err.message, answered: false }));
        },
      );
      req.setTimeout(REQUEST_TIMEOUT_MS, () => {
        tally.hangs.push({ instance: instance.name, title, atMs: sentAt - tally.startedAt });
        req.destroy(new Error('hang'));
      });
      req.on('error', (err) => resolve({ error: err.code ?? err.message, written: req.writableFinished }));
      req.end(body);
    });
    tally.sent++;
    if (outcome.error) {
      // Refused: the instance is gone (a balancer takes it out); a request written and then cut
      // off has an unknown outcome for the client, which the count keeps apart.
      if (outcome.error === 'ECONNREFUSED') tally.refused++;
      else tally.cut[outcome.error] = (tally.cut[outcome.error] ?? 0) + 1;
      tally.unanswered.add(title);
      if (!instance.alive || outcome.error === 'ECONNREFUSED') {
        instance.alive = false;
        target = (target + 1) % instances.length;
        await sleep(50);
      }
      continue;
    }
    const key = outcome.status === 503 ? `503 ${outcome.headers['retry-after'] ? 'with' : 'without'} Retry-After` : String(outcome.status);
    tally.statuses[key] = (tally.statuses[key] ?? 0) + 1;
    tally.maxMs = Math.max(tally.maxMs, outcome.ms);
    if (outcome.status === 201) {
      acked.set(JSON.parse(outcome.text).id, title);
      continue;
    }
    tally.refusedWrites.add(title);
    if (outcome.status === 503 && outcome.headers['retry-after'])
      // A client told to come back does, after Retry-After (at most a second here).
      await sleep(Math.min(1000, Number(outcome.headers['retry-after']) * 1000));
    else if (tally.otherSamples.length < 5)
      tally.otherSamples.push({ status: outcome.status, atMs: Date.now() - tally.startedAt, body: outcome.text.slice(0, 300) });
  }
}

async function runEngine(engine) {
  const pg = await startPostgres();
  const env = { DATABASE_URL: pg.url, JWT_SECRET, SHUTDOWN_DELAY_MS: '0' };
  const instances = [];
  try {
    // One at a time: the first runs the migrations and creates the demo users.
    for (const name of ['a', 'b']) {
      const sample = startSample(engine, env);
      const url = await sample.url;
      instances.push({
        name,
        sample,
        url,
        port: Number(new URL(url).port),
        agent: new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS }),
        alive: true,
      });
    }
    const token = await login(instances[0].url, 'developer');
    const marker = `pgcrash-${engine}-${Date.now()}`;
    const tally = {
      startedAt: Date.now(), sent: 0, refused: 0, cut: {}, statuses: {}, hangs: [], otherSamples: [], maxMs: 0,
      unanswered: new Set(), refusedWrites: new Set(), events: [],
    };
    const acked = new Map();
    const end = tally.startedAt + DURATION_MS;
    const writers = Array.from({ length: CONNECTIONS }, (_, i) => writer(i, instances, token, marker, tally, acked, () => end));
    const at = (ms) => sleep(Math.max(0, tally.startedAt + ms - Date.now()));
    const faults = (async () => {
      await at(KILL_AT_MS);
      instances[0].alive = false;
      instances[0].sample.child.kill('SIGKILL');
      tally.events.push({ atMs: Date.now() - tally.startedAt, event: 'kill -9 instance a' });
      await at(PG_STOP_AT_MS);
      tally.events.push({ atMs: Date.now() - tally.startedAt, event: `pg_ctl stop -m ${PG_STOP_MODE}` });
      pg.stop(PG_STOP_MODE);
      await sleep(PG_DOWN_MS);
      await pg.start();
      tally.events.push({ atMs: Date.now() - tally.startedAt, event: 'postgres accepting again' });
    })();
    await Promise.all([...writers, faults]);
    const client = new Client({ connectionString: pg.url });
    await client.connect();
    const { rows } = await client.query('SELECT id, title FROM tasks WHERE title LIKE $1', [`${marker}-%`]);
    await client.end();
    const stored = new Map(rows.map((row) => [row.id, row.title]));
    const lost = [...acked.keys()].filter((id) => !stored.has(id));
    const storedTitles = new Set(rows.map((row) => row.title));
    return {
      engine,
      durationMs: DURATION_MS,
      connections: CONNECTIONS,
      events: tally.events,
      sent: tally.sent,
      statuses: tally.statuses,
      refusedConnections: tally.refused,
      cutOffWithoutAnswer: tally.cut,
      unansweredButStored: [...tally.unanswered].filter((title) => storedTitles.has(title)).length,
      // A 503 while a commit was under way: the row may be there though the client was told to retry.
      notAcknowledgedButStored: [...tally.refusedWrites].filter((title) => storedTitles.has(title)).length,
      hangs: tally.hangs.length,
      hangSamples: tally.hangs.slice(0, 5),
      slowestAnswerMs: tally.maxMs,
      otherAnswerSamples: tally.otherSamples,
      acknowledged: acked.size,
      storedRows: stored.size,
      acknowledgedButNotStored: lost.length,
      lostSamples: lost.slice(0, 5).map((id) => ({ id, title: acked.get(id) })),
      survivorStillReady: await fetch(`${instances[1].url}/health/ready`).then((res) => res.status, (err) => err.message),
    };
  } finally {
    for (const instance of instances) {
      instance.agent.destroy();
      instance.sample.child.kill('SIGKILL');
    }
    await Promise.all(instances.map((instance) => instance.sample.exited));
    pg.close();
  }
}

async function main() {
  const engines = (process.argv[2] ?? 'express,fastify').split(',');
  for (const engine of engines) console.log(JSON.stringify(await runEngine(engine)));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
