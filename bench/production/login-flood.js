'use strict';
// A login flood at one account: FLOOD_LOOPS loops send wrong-password logins for `admin`, each
// request from the next of FLOOD_ADDRESSES client addresses (X-Forwarded-For, with the sample
// trusting its loopback proxy), so every address stays under the per-client limits. Meanwhile 16
// logins of other demo users, one every 1.5 s, each from an address of its own, must each be
// answered 200 within 2 s. Per engine: how many did, their answer times, and what the flood got.
//
//   npm run build && node bench/production/login-flood.js [express,fastify]
const http = require('node:http');
const { startSample, DEMO_PASSWORD } = require('./sample-process');

const FLOOD_LOOPS = Number(process.env.FLOOD_LOOPS ?? 16);
const FLOOD_ADDRESSES = Number(process.env.FLOOD_ADDRESSES ?? 250);
const REAL_LOGINS = 16;
const REAL_EVERY_MS = 1500;
const REAL_WITHIN_MS = 2000;
const OTHER_USERS = ['manager', 'team_lead', 'developer', 'viewer'];

const agent = new http.Agent({ keepAlive: true, maxSockets: FLOOD_LOOPS + REAL_LOGINS });

function post(base, address, username, password) {
  const body = JSON.stringify({ username, password });
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    const req = http.request(
      `${base}/auth/login`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': address,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 }),
        );
      },
    );
    req.on('error', (err) => resolve({ status: err.code, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    req.end(body);
  });
}

const floodAddress = (i) => `10.${(i >> 8) & 255}.${i & 255}.7`;
const realAddress = (i) => `192.168.50.${i + 1}`;

async function runEngine(engine) {
  const sample = startSample(engine, { TRUST_PROXY: 'loopback', BCRYPT_ROUNDS: process.env.BCRYPT_ROUNDS ?? '12' });
  const base = await sample.url;
  let stop = false;
  let next = 0;
  const flood = {};
  const loops = Array.from({ length: FLOOD_LOOPS }, async () => {
    while (!stop) {
      const { status } = await post(base, floodAddress(next++ % FLOOD_ADDRESSES), 'admin', 'Wrong-pass-1!');
      flood[status] = (flood[status] ?? 0) + 1;
    }
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const real = [];
  for (let i = 0; i < REAL_LOGINS; i++) {
    real.push(post(base, realAddress(i), OTHER_USERS[i % OTHER_USERS.length], DEMO_PASSWORD));
    await new Promise((resolve) => setTimeout(resolve, REAL_EVERY_MS));
  }
  const answers = await Promise.all(real);
  stop = true;
  await Promise.all(loops);
  sample.child.kill('SIGTERM');
  await sample.exited;
  const times = answers.map((a) => a.ms).sort((a, b) => a - b);
  return {
    engine,
    realLoginsOkWithin2s: answers.filter((a) => a.status === 200 && a.ms <= REAL_WITHIN_MS).length,
    realLogins: REAL_LOGINS,
    realStatuses: answers.map((a) => a.status),
    realMsMedian: Math.round(times[Math.floor(times.length / 2)]),
    realMsMax: Math.round(times[times.length - 1]),
    floodAnswers: flood,
    floodLoops: FLOOD_LOOPS,
    floodAddresses: FLOOD_ADDRESSES,
  };
}

async function main() {
  const engines = (process.argv[2] ?? 'express,fastify').split(',');
  for (const engine of engines) console.log(JSON.stringify(await runEngine(engine)));
  agent.destroy();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
