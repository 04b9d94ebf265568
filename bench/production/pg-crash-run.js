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
const http = require('node:http');
const { Client } = require('pg');
const { startPostgres: startPostgresProcess } = require('./postgres-process');
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

// The crash run's own database on a throw-away server (postgres-process.js).
async function startPostgres() {
  const server = await startPostgresProcess();
  return { ...server, url: server.createDatabase('crash') };
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
