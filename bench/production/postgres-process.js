'use strict';
// A throw-away PostgreSQL for the production benches, with its durability settings left at their
// defaults (fsync on): started, stopped in any pg_ctl mode, started again on the same port.
const { execFileSync, spawn } = require('node:child_process');
const { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } = require('node:fs');
const { createServer } = require('node:net');
const { tmpdir } = require('node:os');
const path = require('node:path');

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
  return {
    /** Creates the database `name` and resolves to its URL. */
    createDatabase(name) {
      execFileSync(path.join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-c', `CREATE DATABASE ${name}`], {
        stdio: 'ignore',
      });
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
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

module.exports = { startPostgres };
