import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

const START_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 10_000;
const POLL_MS = 50;

/** A throw-away PostgreSQL on a loopback port, in its own temp data directory. */
export interface PostgresServer {
  readonly port: number;
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication on loopback). */
  readonly url: string;
  /** Stops the server (an outage); `start()` brings it back on the same port with its data. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** A new, empty database on this server; resolves to its URL. */
  createDatabase(): Promise<string>;
  /** The same, synchronously (for configuration built outside hooks). */
  createDatabaseSync(): string;
  /** Stops it for good and removes its directory. */
  close(): Promise<void>;
}

// Debian keeps the server binaries out of PATH, one folder per major version.
function binaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions)
    if (existsSync(join(root, version, 'bin', 'initdb'))) return join(root, version, 'bin');
  throw new Error('PostgreSQL is not installed (see .ci/run: apt-get install -y postgresql)');
}

// initdb refuses to run as root: as root, the server runs as the `postgres` user on a folder it owns.
function asServerUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function accepting(bin: string, port: number): Promise<boolean> {
  try {
    execFileSync(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-t', '1'], {
      stdio: 'ignore',
    });
    return true;
  } catch {
    return false;
  }
}

let databases = 0;

/**
 * Creates a data directory (`initdb --locale=C -A trust`), starts `postgres` on a free loopback
 * port and waits until it accepts connections. Call `close()` in an `after` hook.
 * @example const pg = await startPostgresServer(); after(() => pg.close());
 */
export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = binaries();
  const dir = mkdtempSync(join(tmpdir(), 'trellis-pg-'));
  const data = join(dir, 'data');
  if (process.getuid?.() === 0)
    chownSync(
      dir,
      Number(execFileSync('id', ['-u', 'postgres'])),
      Number(execFileSync('id', ['-g', 'postgres'])),
    );
  const [initdb, initArgs] = asServerUser(join(bin, 'initdb'), [
    '-D',
    data,
    '--locale=C',
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
  ]);
  execFileSync(initdb, initArgs, { stdio: 'ignore' });
  const port = await freePort();
  let child: ChildProcess | undefined;

  const start = async () => {
    if (child) return;
    const [command, args] = asServerUser(join(bin, 'postgres'), [
      '-D',
      data,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${dir}`,
      '-c',
      'fsync=off',
      '-c',
      'max_connections=200',
    ]);
    const started = spawn(command, args, { stdio: 'ignore' });
    let failure: Error | undefined;
    started.once('error', (err) => {
      failure = new Error(`postgres could not start: ${err.message}`);
    });
    started.once('exit', (code) => {
      failure ??= new Error(`postgres exited with code ${code} before accepting connections`);
    });
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (failure) throw failure;
      if (await accepting(bin, port)) {
        child = started;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    started.kill('SIGKILL');
    throw new Error(`postgres did not accept connections on port ${port} within ${START_TIMEOUT_MS} ms`);
  };

  // 'fast' for an outage a spec makes (the data stays for start()); 'immediate' at close(), where
  // the data is thrown away and waiting for a shutdown checkpoint on a busy machine buys nothing.
  const stopIn = async (mode: 'fast' | 'immediate') => {
    const running = child;
    child = undefined;
    if (!running) return;
    // Clients are disconnected at once. pg_ctl signals the server itself, which
    // runuser (as root) would not pass on.
    const [command, args] = asServerUser(join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-m',
      mode,
      '-w',
      '-t',
      '10',
      'stop',
    ]);
    try {
      execFileSync(command, args, { stdio: 'ignore' });
    } catch {}
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      exited(running),
      new Promise((resolve) => (timer = setTimeout(resolve, STOP_TIMEOUT_MS))),
    ]);
    clearTimeout(timer);
    if (running.exitCode === null && running.signalCode === null) {
      running.kill('SIGKILL');
      await exited(running);
    }
  };

  const stop = () => stopIn('fast');

  const killOnExit = () => child?.kill('SIGKILL');
  process.once('exit', killOnExit);
  try {
    await start();
  } catch (err) {
    process.off('exit', killOnExit);
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    port,
    url,
    start,
    stop,
    async createDatabase() {
      return createDatabaseSync();
    },
    createDatabaseSync,
    async close() {
      process.off('exit', killOnExit);
      await stopIn('immediate');
      rmSync(dir, { recursive: true, force: true });
    },
  };

  function createDatabaseSync(): string {
    const name = `trellis_${process.pid}_${++databases}`;
    execFileSync(
      join(bin, 'psql'),
      ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-c', `CREATE DATABASE ${name}`],
      {
        stdio: 'ignore',
      },
    );
    return `postgres://postgres@127.0.0.1:${port}/${name}`;
  }
}
