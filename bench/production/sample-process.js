'use strict';
// Starts the built sample (dist/sample/main.js) as a child process on an ephemeral port with a
// throw-away database, and waits for the address it prints.
const { spawn } = require('node:child_process');
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const DEMO_PASSWORD = 'Demo-pass-123!';

function startSample(engine, env = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'trellis-production-'));
  const databaseFile = path.join(dir, 'sample.db');
  const child = spawn(process.execPath, [path.join(ROOT, 'dist/sample/main.js')], {
    cwd: dir,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      TRELLIS_ENGINE: engine,
      DATABASE_FILE: databaseFile,
      BCRYPT_ROUNDS: '10',
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /API\s+(http:\/\/[^\s]+)/.exec(out);
      if (match) resolve(match[1]);
    });
    exited.then(() => reject(new Error(`the sample exited before listening:\n${out}`)));
  });
  return { child, url, exited, databaseFile };
}

async function login(base, username, password = DEMO_PASSWORD) {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`login of ${username}: ${res.status} ${await res.text()}`);
  return (await res.json()).accessToken;
}

module.exports = { startSample, login, DEMO_PASSWORD };
