'use strict';
// Idempotency under a database crash: one sample instance on PostgreSQL, CLIENTS clients each
// creating tasks one after another, every task with its own Idempotency-Key; a client retries
// its key on 5xx, 409 and cut-off connections (after Retry-After, at most a second) until it gets
// 201, then moves to a new key. PG_STOP_AT_MS into the run PostgreSQL is stopped (immediate mode:
// a crash) for PG_DOWN_MS and started again. At the end, the tasks stored for each key are
// counted: the target is exactly one per key, always.
//
//   npm run build && RUNS=20 node bench/production/idempotency-kill-run.js [express,fastify]
const http = require('node:http');
const { Client } = require('pg');
const { startPostgres } = require('./postgres-process');
const { startSample, login } = require('./sample-process');

const CLIENTS = Number(process.env.CLIENTS ?? 20);
const RUNS = Number(process.env.RUNS ?? 20);
const DURATION_MS = Number(process.env.DURATION_MS ?? 12_000);
const PG_STOP_AT_MS = Number(process.env.PG_STOP_AT_MS ?? 3_000);
const PG_DOWN_MS = Number(process.env.PG_DOWN_MS ?? 5_000);
const PG_STOP_MODE = process.env.PG_STOP_MODE ?? 'immediate';
// A key still unanswered this long after the run's end counts as never done.
const GRACE_MS = Number(process.env.GRACE_MS ?? 40_000);
const JWT_SECRET = 'idempotency-kill-run-secret-0123456789abcdefghijklmnopqrstuvwxyz';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function post(port, agent, token, key, title) {
  const body = JSON.stringify({ title });
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/tasks',
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'idempotency-key': key,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers }));
        res.on('error', (err) => resolve({ error: err.code ?? err.message }));
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error('hang')));
    req.on('error', (err) => resolve({ error: err.code ?? err.message }));
    req.end(body);
  });
}

/** One client: a key at a time, retried until 201; resolves to the keys it used and what it saw. */
async function client(index, port, agent, token, marker, until, giveUpAt, tally) {
  const keys = [];
  while (Date.now() < until) {
    const key = `${marker}-${index}-${keys.length}`;
    keys.push(key);
    for (;;) {
      if (Date.now() > giveUpAt) {
        tally.neverDone++;
        return keys;
      }
      const outcome = await post(port, agent, token, key, key);
      const seen = outcome.error ?? String(outcome.status);
      tally.answers[seen] = (tally.answers[seen] ?? 0) + 1;
      if (outcome.status === 201) {
        if (outcome.headers['idempotent-replayed']) tally.replayed++;
        break;
      }
      if (outcome.status !== undefined && outcome.status < 500 && outcome.status !== 409) {
        tally.refused++;
        break;
      }
      const retryAfter = Number(outcome.headers?.['retry-after'] ?? 1);
      await sleep(Math.min(1000, retryAfter * 1000));
    }
  }
  return keys;
}

async function oneRun(engine, pg, run) {
  const url = pg.createDatabase(`kill_${engine}_${run}`);
  const sample = startSample(engine, { DATABASE_URL: url, JWT_SECRET, SHUTDOWN_DELAY_MS: '0' });
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  try {
    const base = await sample.url;
    const port = Number(new URL(base).port);
    const token = await login(base, 'developer');
    const marker = `kill-${engine}-${run}-${Date.now()}`;
    const tally = { answers: {}, replayed: 0, refused: 0, neverDone: 0 };
    const startedAt = Date.now();
    const until = startedAt + DURATION_MS;
    const faults = (async () => {
      await sleep(PG_STOP_AT_MS);
      pg.stop(PG_STOP_MODE);
      await sleep(PG_DOWN_MS);
      await pg.start();
    })();
    const clients = Array.from({ length: CLIENTS }, (_, i) =>
      client(i, port, agent, token, marker, until, until + GRACE_MS, tally),
    );
    const keys = (await Promise.all([...clients, faults])).slice(0, CLIENTS).flat();
    const db = new Client({ connectionString: url });
    await db.connect();
    const { rows } = await db.query('SELECT title, count(*)::int AS n FROM tasks WHERE title LIKE $1 GROUP BY title', [
      `${marker}-%`,
    ]);
    await db.end();
    const perKey = new Map(rows.map((row) => [row.title, row.n]));
    const counts = keys.map((key) => perKey.get(key) ?? 0);
    return {
      engine,
      run,
      keys: keys.length,
      exactlyOne: counts.filter((n) => n === 1).length,
      none: counts.filter((n) => n === 0).length,
      duplicated: counts.filter((n) => n > 1).length,
      mostTasksForOneKey: Math.max(0, ...counts),
      replayed: tally.replayed,
      neverDone: tally.neverDone,
      answers: tally.answers,
    };
  } finally {
    agent.destroy();
    sample.child.kill('SIGKILL');
    await sample.exited;
  }
}

async function main() {
  const engines = (process.argv[2] ?? 'express,fastify').split(',');
  const pg = await startPostgres();
  try {
    for (const engine of engines) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await oneRun(engine, pg, run);
        runs.push(result);
        console.log(JSON.stringify(result));
      }
      console.log(
        JSON.stringify({
          engine,
          runs: runs.length,
          runsWithADuplicate: runs.filter((r) => r.duplicated > 0).length,
          runsWithAKeyWithoutTask: runs.filter((r) => r.none > 0).length,
          keys: runs.reduce((sum, r) => sum + r.keys, 0),
          keysWithExactlyOneTask: runs.reduce((sum, r) => sum + r.exactlyOne, 0),
        }),
      );
    }
  } finally {
    pg.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
