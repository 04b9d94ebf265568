'use strict';
// A login flood at one account: FLOOD_LOOPS loops send wrong-password logins for `admin`, each
// request from the next of FLOOD_ADDRESSES client addresses (X-Forwarded-For, with the sample
// trusting its loopback proxy), so every address stays under the per-client limits. Meanwhile 16
// logins of other demo users, one every 1.5 s, each from an address of its own, must each be
// answered 200 within 2 s; so must 16 logins of `admin` itself from the device it logged in from
// before the flood (its device cookie). Beside each, a login of `admin` with the right password
// from a new device (no cookie, an address of its own) shows what a new device sees. Per engine:
// how many did, their answer times, what the flood got, and the flood's verifications a second
// (its 401s over the run).
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

function post(base, address, username, password, cookie) {
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
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        res.resume();
        const setCookie = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('trellis_device='));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            ms: Number(process.hrtime.bigint() - started) / 1e6,
            cookie: setCookie?.split(';')[0],
          }),
        );
      },
    );
    req.on('error', (err) => resolve({ status: err.code, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    req.end(body);
  });
}

const floodAddress = (i) => `10.${(i >> 8) & 255}.${i & 255}.7`;
const realAddress = (i) => `192.168.50.${i + 1}`;
const ownerAddress = '192.168.60.1';
const newDeviceAddress = (i) => `192.168.70.${i + 1}`;

function summary(answers) {
  const times = answers.map((a) => a.ms).sort((a, b) => a - b);
  return {
    okWithin2s: answers.filter((a) => a.status === 200 && a.ms <= REAL_WITHIN_MS).length,
    of: answers.length,
    statuses: answers.map((a) => a.status),
    msMedian: Math.round(times[Math.floor(times.length / 2)]),
    msMax: Math.round(times[times.length - 1]),
  };
}

async function runEngine(engine) {
  const sample = startSample(engine, { TRUST_PROXY: 'loopback', BCRYPT_ROUNDS: process.env.BCRYPT_ROUNDS ?? '12' });
  const base = await sample.url;
  const known = await post(base, ownerAddress, 'admin', DEMO_PASSWORD);
  if (known.status !== 200 || !known.cookie) throw new Error(`the owner's first login: ${known.status}`);
  let stop = false;
  let next = 0;
  const flood = {};
  const loops = Array.from({ length: FLOOD_LOOPS }, async () => {
    while (!stop) {
      const { status } = await post(base, floodAddress(next++ % FLOOD_ADDRESSES), 'admin', 'Wrong-pass-1!');
      flood[status] = (flood[status] ?? 0) + 1;
    }
  });
  const floodStarted = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const real = [];
  const owner = [];
  const newDevice = [];
  for (let i = 0; i < REAL_LOGINS; i++) {
    real.push(post(base, realAddress(i), OTHER_USERS[i % OTHER_USERS.length], DEMO_PASSWORD));
    owner.push(post(base, ownerAddress, 'admin', DEMO_PASSWORD, known.cookie));
    newDevice.push(post(base, newDeviceAddress(i), 'admin', DEMO_PASSWORD));
    await new Promise((resolve) => setTimeout(resolve, REAL_EVERY_MS));
  }
  const [answers, ownerAnswers, newDeviceAnswers] = await Promise.all([
    Promise.all(real),
    Promise.all(owner),
    Promise.all(newDevice),
  ]);
  stop = true;
  await Promise.all(loops);
  const floodSeconds = (Date.now() - floodStarted) / 1000;
  sample.child.kill('SIGTERM');
  await sample.exited;
  const times = answers.map((a) => a.ms).sort((a, b) => a - b);
  const newDeviceStatuses = {};
  for (const a of newDeviceAnswers) newDeviceStatuses[a.status] = (newDeviceStatuses[a.status] ?? 0) + 1;
  return {
    engine,
    realLoginsOkWithin2s: answers.filter((a) => a.status === 200 && a.ms <= REAL_WITHIN_MS).length,
    realLogins: REAL_LOGINS,
    realStatuses: answers.map((a) => a.status),
    realMsMedian: Math.round(times[Math.floor(times.length / 2)]),
    realMsMax: Math.round(times[times.length - 1]),
    ownerOnKnownDevice: summary(ownerAnswers),
    newDeviceAnswers: newDeviceStatuses,
    floodVerificationsPerSecond: Number(((flood[401] ?? 0) / floodSeconds).toFixed(2)),
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
