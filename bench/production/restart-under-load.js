'use strict';
// SIGTERM under load: 50 kept-alive connections write `POST /tasks` to the sample as fast as it
// answers; after a while the sample gets SIGTERM. Counts, per engine, requests that were written
// and never answered (resets: the loss a proxy cannot retry), new connections refused once the
// port closed (a proxy retries those), and acknowledged writes against rows stored.
//
//   npm run build && node bench/production/restart-under-load.js [express,fastify]
const { connect } = require('node:net');
const Database = require('better-sqlite3');
const { startSample, login } = require('./sample-process');

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const LOAD_BEFORE_SIGTERM_MS = Number(process.env.LOAD_BEFORE_SIGTERM_MS ?? 2000);

/** Writes requests one after the other on one connection, reconnecting when told to close. */
function writer(port, token, marker, tally, acked) {
  let n = 0;
  return new Promise((resolve) => {
    const open = () => {
      const socket = connect(port, '127.0.0.1');
      let connected = false;
      let pending = false;
      let buffer = '';
      let closeAfter = false;
      let answers = 0;
      const sendNext = () => {
        const body = JSON.stringify({ title: `${marker}-${n++}` });
        socket.write(
          `POST /tasks HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        );
        pending = true;
        tally.sent++;
      };
      socket.on('connect', () => {
        connected = true;
        tally.connections++;
        sendNext();
      });
      socket.on('data', (chunk) => {
        buffer += chunk;
        for (;;) {
          const head = buffer.indexOf('\r\n\r\n');
          if (head === -1) return;
          const headers = buffer.slice(0, head);
          const length = Number(/content-length:\s*(\d+)/i.exec(headers)?.[1] ?? 0);
          if (buffer.length < head + 4 + length) return;
          const body = buffer.slice(head + 4, head + 4 + length);
          buffer = buffer.slice(head + 4 + length);
          pending = false;
          answers++;
          const status = Number(headers.split(' ')[1]);
          tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
          if (status === 201) acked.add(JSON.parse(body).id);
          closeAfter = /connection:\s*close/i.test(headers);
          if (closeAfter) tally.closeAnswers++;
          else sendNext();
        }
      });
      socket.on('error', (err) => {
        if (!connected) tally.refused[err.code] = (tally.refused[err.code] ?? 0) + 1;
      });
      socket.on('close', () => {
        // A request written on a connection that had been answered before is the loss this
        // measures; the first request of a connection the kernel had queued but the server had not
        // yet accepted when its port closed is told apart (the server never saw that connection).
        if (pending && answers > 0) tally.resets++;
        else if (pending) tally.resetsBeforeAccept++;
        // A closed connection is opened again, as a client's agent does, until the port is shut.
        if (connected) open();
        else resolve();
      });
    };
    open();
  });
}

async function runEngine(engine) {
  const sample = startSample(engine);
  const base = await sample.url;
  const port = Number(new URL(base).port);
  const token = await login(base, 'developer');
  const marker = `restart-${engine}-${Date.now()}`;
  const tally = { sent: 0, connections: 0, closeAnswers: 0, resets: 0, resetsBeforeAccept: 0, statuses: {}, refused: {} };
  const acked = new Set();
  const writers = Array.from({ length: CONNECTIONS }, () => writer(port, token, marker, tally, acked));
  await new Promise((resolve) => setTimeout(resolve, LOAD_BEFORE_SIGTERM_MS));
  const sigterm = Date.now();
  sample.child.kill('SIGTERM');
  await Promise.all(writers);
  const exit = await sample.exited;
  const db = new Database(sample.databaseFile, { readonly: true });
  const stored = new Set(
    db.prepare('SELECT id FROM tasks WHERE title LIKE ?').all(`${marker}-%`).map((row) => row.id),
  );
  db.close();
  const lost = [...acked].filter((id) => !stored.has(id)).length;
  return {
    engine,
    sent: tally.sent,
    answered: Object.values(tally.statuses).reduce((a, b) => a + b, 0),
    statuses: tally.statuses,
    resetsOfSentRequests: tally.resets,
    resetsOfFirstRequestOnUnacceptedConnection: tally.resetsBeforeAccept,
    connectionsOpened: tally.connections,
    answersWithConnectionClose: tally.closeAnswers,
    refusedNewConnections: tally.refused,
    acknowledged: acked.size,
    stored: stored.size,
    acknowledgedButNotStored: lost,
    drainMs: Date.now() - sigterm,
    exit,
  };
}

async function main() {
  const engines = (process.argv[2] ?? 'express,fastify').split(',');
  for (const engine of engines) console.log(JSON.stringify(await runEngine(engine)));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
