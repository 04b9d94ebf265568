import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

const START_TIMEOUT_MS = 5000;
const STOP_TIMEOUT_MS = 5000;
const POLL_MS = 25;

/** A throw-away `redis-server` on a loopback port: no persistence, its own temp dir. */
export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** Stops the server (an outage); `start()` brings it back on the same port, empty (no-op when running). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its directory. */
  close(): Promise<void>;
}

/** Whether a server on `port` answers PING within one short attempt. */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    const finish = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(500, () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => finish(String(data).startsWith('+PONG')));
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function within<T>(promise: Promise<T>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const result = await Promise.race([promise.then(() => true), timeout]);
  clearTimeout(timer);
  return result;
}

/**
 * Starts `redis-server` (installed by `.ci/run` when missing) on a free loopback port and waits
 * until it answers PING. Call `close()` in an `after` hook.
 * @example const redis = await startRedisServer(); after(() => redis.close());
 */
export async function startRedisServer(): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), 'trellis-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;

  const start = async () => {
    if (child) return;
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    const started = spawn('redis-server', [...args, '--dir', dir], { stdio: 'ignore' });
    let failure: Error | undefined;
    started.once('error', (err) => {
      failure = new Error(`redis-server could not start (is it installed? see .ci/run): ${err.message}`);
    });
    started.once('exit', (code) => {
      failure ??= new Error(`redis-server exited with code ${code} before answering`);
    });
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (failure) throw failure;
      if (await pong(port)) {
        child = started;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    started.kill('SIGKILL');
    throw new Error(`redis-server did not answer PING on port ${port} within ${START_TIMEOUT_MS} ms`);
  };

  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running) return;
    running.kill('SIGTERM');
    if (!(await within(exited(running), STOP_TIMEOUT_MS))) {
      running.kill('SIGKILL');
      await within(exited(running), STOP_TIMEOUT_MS);
    }
  };

  // A run that ends early (a failed hook, mocha --exit) must not leave a server behind.
  const killOnExit = () => child?.kill('SIGKILL');
  process.once('exit', killOnExit);
  try {
    await start();
  } catch (err) {
    process.off('exit', killOnExit);
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    async close() {
      process.off('exit', killOnExit);
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
