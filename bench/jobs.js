'use strict';
// Jobs: executions per second of an empty handler and enqueue-to-start latency (p50/p99) on
// SQLite and PostgreSQL, beside graphile-worker used by hand on the same PostgreSQL; a crash run
// (10,000 jobs, two instances, one kill -9'd mid-run: every job done, how many ran twice); an
// outbox run (1,000 Transactional() requests, half of which throw: exactly the committed half
// left jobs).
//
//   npm run build && node bench/jobs.js
//   BENCH_JOBS=5000 BENCH_LATENCY_JOBS=300 BENCH_CRASH_JOBS=10000 BENCH_CONCURRENCY=10
//   BENCH_DATABASES=sqlite   SQLite only (both drivers), no PostgreSQL
const { spawn } = require('node:child_process');
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { sql } = require('kysely');
const { Database, Jobs } = require('../dist/index');
const { drainJobs } = require('../dist/testing');
const { hooks, jobsApp } = require('./jobs/jobs-app');

const JOBS = Number(process.env.BENCH_JOBS ?? 5000);
const LATENCY_JOBS = Number(process.env.BENCH_LATENCY_JOBS ?? 300);
const CRASH_JOBS = Number(process.env.BENCH_CRASH_JOBS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const log = (message) => process.stderr.write(`${message}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function sqliteUrl() {
  return `sqlite:${path.join(mkdtempSync(path.join(tmpdir(), 'trellis-jobs-bench-')), 'app.db')}`;
}

// Stores `count` noop jobs at once, as one statement per thousand, before any worker runs.
async function fill(db, dialect, count, name = 'noop', payloadOf = () => ({})) {
  for (let from = 0; from < count; from += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - from) }, (_, i) => payloadOf(from + i));
    if (dialect === 'sqlite')
      await db
        .insertInto('trellis_jobs')
        .values(batch.map((payload) => ({ name, payload: JSON.stringify(payload), run_at: 0, max_attempts: 5 })))
        .execute();
    else
      await sql`SELECT graphile_worker.add_jobs(array(
          SELECT json_populate_record(null::graphile_worker.job_spec,
            json_build_object('identifier', ${name}::text, 'payload', p))
          FROM json_array_elements(${JSON.stringify(batch.map((payload) => ({ payload })))}::json) AS p))`.execute(db);
  }
}

// Runs per second from the first run's start to the last one's: the executions alone, start-up
// (migrations, connections) left out, measured the same way for graphile-worker by hand.
function countRuns(total) {
  let seen = 0;
  let first = 0;
  return new Promise((resolve) => {
    hooks.noop = () => {
      const now = performance.now();
      if (seen++ === 0) first = now;
      if (seen === total) {
        hooks.noop = () => {};
        resolve(total / ((now - first) / 1000));
      }
    };
  });
}

async function throughputTrellis(url, dialect, driver) {
  const setup = jobsApp(url, { worker: false, driver });
  await setup.ready();
  await fill(setup.container.get(Database), dialect, JOBS);
  await setup.close();
  const app = jobsApp(url, { concurrency: CONCURRENCY, driver });
  const rate = countRuns(JOBS);
  await app.ready();
  const result = await rate;
  await drainJobs(app, { timeoutMs: 600_000 });
  await app.close();
  return result;
}

async function latencyTrellis(url) {
  const app = jobsApp(url, { concurrency: CONCURRENCY });
  await app.ready();
  const jobs = app.container.get(Jobs);
  const latencies = [];
  for (let i = 0; i < LATENCY_JOBS; i++) {
    const done = new Promise((resolve) => {
      hooks.noop = (payload) => resolve(performance.now() - payload.t);
    });
    await jobs.enqueue('noop', { t: performance.now() });
    latencies.push(await done);
  }
  hooks.noop = () => {};
  await app.close();
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

// graphile-worker by hand: the same jobs, the same concurrency, its own runner and task list.
async function graphileByHand(url) {
  const graphile = require('graphile-worker');
  const pg = require('pg');
  const pool = new pg.Pool({ connectionString: url, max: CONCURRENCY + 3 });
  const logger = new graphile.Logger(() => () => {});
  await graphile.runMigrations({ pgPool: pool, logger });
  const { Kysely, PostgresDialect } = require('kysely');
  const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  await fill(db, 'postgres', JOBS);
  const counted = countRuns(JOBS);
  const runner = await graphile.run({
    pgPool: pool,
    concurrency: CONCURRENCY,
    noHandleSignals: true,
    pollInterval: 100,
    logger,
    taskList: {
      noop: async (payload) => hooks.noop(payload),
    },
  });
  const rate = await counted;
  // The last runs' completions are written after their handlers return.
  await sleep(500);
  const latencies = [];
  for (let i = 0; i < LATENCY_JOBS; i++) {
    const done = new Promise((resolve) => {
      hooks.noop = (payload) => resolve(performance.now() - payload.t);
    });
    await runner.addJob('noop', { t: performance.now() });
    latencies.push(await done);
  }
  hooks.noop = () => {};
  await runner.stop();
  await pool.end();
  latencies.sort((a, b) => a - b);
  return { rate, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

function startWorker(url) {
  const child = spawn(process.execPath, [path.join(__dirname, 'jobs', 'crash-worker.js'), url], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`a crash-run worker exited with ${code}`)));
    child.stdout.on('data', (data) => {
      if (String(data).includes('ready')) resolve(child);
    });
  });
}

async function crashRun(url) {
  const setup = jobsApp(url, { worker: false });
  await setup.ready();
  const db = setup.container.get(Database);
  await sql`CREATE TABLE IF NOT EXISTS bench_runs (job integer NOT NULL, pid integer NOT NULL)`.execute(db);
  await fill(db, 'postgres', CRASH_JOBS, 'work', (n) => ({ n }));
  const [a, b] = await Promise.all([startWorker(url), startWorker(url)]);
  const count = async () => Number((await sql`SELECT count(*) AS n FROM bench_runs`.execute(db)).rows[0].n);
  while ((await count()) < CRASH_JOBS / 3) await sleep(20);
  a.removeAllListeners('exit');
  a.kill('SIGKILL');
  const killedAt = await count();
  const waiting = async () =>
    Number((await sql`SELECT count(*) AS n FROM graphile_worker._private_jobs`.execute(db)).rows[0].n);
  const deadline = Date.now() + 300_000;
  while ((await waiting()) > 0 && Date.now() < deadline) await sleep(100);
  const { rows } = await sql`SELECT count(*) AS runs, count(DISTINCT job) AS jobs,
      count(*) - count(DISTINCT job) AS twice FROM bench_runs`.execute(db);
  b.removeAllListeners('exit');
  b.kill('SIGTERM');
  await setup.close();
  return { jobs: CRASH_JOBS, killedAfterRuns: killedAt, ...rows[0], left: await waitingAfter(url) };
}

async function waitingAfter(url) {
  const app = jobsApp(url, { worker: false });
  await app.ready();
  const n = Number(
    (await sql`SELECT count(*) AS n FROM graphile_worker._private_jobs`.execute(app.container.get(Database))).rows[0].n,
  );
  await app.close();
  return n;
}

async function outboxRun(url) {
  const app = jobsApp(url, { worker: false, controllers: true });
  await app.ready();
  let committed = 0;
  for (let i = 0; i < 1000; i++) {
    const res = await app.inject({ method: 'POST', url: `/signups?fail=${i % 2}` });
    if (res.statusCode === 201) committed++;
  }
  const db = app.container.get(Database);
  const table = url.startsWith('postgres') ? 'graphile_worker._private_jobs' : 'trellis_jobs';
  const stored = Number((await sql`SELECT count(*) AS n FROM ${sql.raw(table)}`.execute(db)).rows[0].n);
  await app.close();
  return { requests: 1000, committed, jobsStored: stored, exactlyTheCommitted: stored === committed && committed === 500 };
}

async function main() {
  const results = {};
  // SQLite through node:sqlite (the default) and better-sqlite3, in alternated rounds.
  const driverRates = { 'node:sqlite': [], 'better-sqlite3': [] };
  for (let round = 0; round < ROUNDS; round++) {
    const drivers = Object.keys(driverRates);
    if (round % 2 === 1) drivers.reverse();
    for (const driver of drivers) {
      log(`sqlite: throughput on ${driver}, round ${round + 1}`);
      driverRates[driver].push(await throughputTrellis(await sqliteUrl(), 'sqlite', driver));
    }
  }
  log('sqlite: latency');
  results.sqlite = {
    jobsPerSecond: Math.round(median(driverRates['node:sqlite'])),
    rounds: driverRates['node:sqlite'].map(Math.round),
    betterSqlite3: {
      jobsPerSecond: Math.round(median(driverRates['better-sqlite3'])),
      rounds: driverRates['better-sqlite3'].map(Math.round),
    },
    nodeSqliteOverBetterSqlite3: median(driverRates['node:sqlite'].map((rate, i) => rate / driverRates['better-sqlite3'][i])),
    ...(await latencyTrellis(await sqliteUrl())),
  };
  log('sqlite: outbox');
  results.sqlite.outbox = await outboxRun(await sqliteUrl());

  if (process.env.BENCH_DATABASES === 'sqlite') {
    process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
    return;
  }
  const { startPostgresServer } = require('../dist/spec/support/postgres-server');
  const server = await startPostgresServer();
  try {
    // Alternated rounds, each on a new database: the machine's drift hits both sides alike.
    const trellisRates = [];
    const byHandRates = [];
    let byHand;
    for (let round = 0; round < ROUNDS; round++) {
      // Each side goes first every other round.
      const sides = [
        async () => trellisRates.push(await throughputTrellis(await server.createDatabase(), 'postgres')),
        async () => {
          byHand = await graphileByHand(await server.createDatabase());
          byHandRates.push(byHand.rate);
        },
      ];
      if (round % 2 === 1) sides.reverse();
      log(`postgres: Trellis and graphile-worker by hand, round ${round + 1}`);
      for (const side of sides) await side();
    }
    log('postgres: latency');
    results.postgres = {
      jobsPerSecond: Math.round(median(trellisRates)),
      rounds: trellisRates.map(Math.round),
      ...(await latencyTrellis(await server.createDatabase())),
    };
    results.graphileByHand = {
      jobsPerSecond: Math.round(median(byHandRates)),
      rounds: byHandRates.map(Math.round),
      p50: byHand.p50,
      p99: byHand.p99,
    };
    results.postgres.shareOfGraphile = Number((median(trellisRates) / median(byHandRates)).toFixed(2));
    log('postgres: outbox');
    results.postgres.outbox = await outboxRun(await server.createDatabase());
    log('postgres: crash run');
    results.crash = await crashRun(await server.createDatabase());
  } finally {
    await server.close();
  }
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
}

main().catch((err) => {
  log(err.stack);
  process.exit(1);
});
