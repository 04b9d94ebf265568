import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { trellisError } from '../kernel';
import { enableCompileCache } from './compile-cache';
import type { AppFactory, Served, ServedPrimary, ServeOptions } from './serve-options';
import { serveWorker } from './serve-worker';
import { servedUrl } from './served-url';
import { WorkerPool } from './worker-pool';

function positiveInteger(name: keyof ServeOptions, value: number): number {
  if (!Number.isInteger(value) || value < 1)
    throw trellisError(
      'TRELLIS_ERR_INVALID_OPTION',
      `serve(): ${name}`,
      `must be a positive integer, got ${value}`,
    );
  return value;
}

async function servePrimary(options: ServeOptions): Promise<ServedPrimary> {
  const count =
    options.workers === undefined ? availableParallelism() : positiveInteger('workers', options.workers);
  if (options.maxCrashes !== undefined) positiveInteger('maxCrashes', options.maxCrashes);
  // Every worker compiles the same files: the first fills the cache, the others read it.
  enableCompileCache();
  const pool = new WorkerPool({
    ...options,
    // Workers that keep dying leave nothing to serve: a non-zero exit lets a supervisor (systemd's
    // Restart=on-failure, a container runtime) start everything again. Without the signal
    // handling the process is the application's: it only learns the exit code it will end with.
    onGiveUp: () => {
      process.exitCode = 1;
      if (options.handleSignals !== false) process.exit(1);
    },
  });
  await pool.start(count);
  if (options.handleSignals !== false) {
    const stop = () => {
      pool.close().then(() => process.exit(0));
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    process.on('SIGHUP', () => {
      pool.restart().catch((err: Error) => process.stderr.write(`Rolling restart stopped: ${err.message}\n`));
    });
  }
  return {
    role: 'primary',
    url: servedUrl(options.host ?? '127.0.0.1', pool.sharedPort),
    workerPids: () => pool.pids(),
    restart: () => pool.restart(),
    close: () => pool.close(),
  };
}

/**
 * Runs an application on several cores with `node:cluster`: the primary forks `workers` processes
 * that run the same script; in each, `factory` builds the application, which listens on the port
 * they share (the primary hands connections out in turn). A worker that exits unasked (a crash, a
 * signal from elsewhere, exit code 0) is logged and replaced after a back-off, and after
 * `maxCrashes` in a row the primary stops and exits 1; SIGTERM or SIGINT drains every worker and
 * exits 0; SIGHUP replaces the workers one at a time (a new one serving before an old one drains).
 * Resolves once every worker is serving (in the primary) or once this worker is (in a worker).
 * Each worker has its own memory: what must be shared goes in Redis or the database
 * (docs/scale-out.md).
 * @example void serve(() => createApp({ controllers: [UsersController] }), { workers: 4, port: 3000 });
 */
export function serve(factory: AppFactory, options: ServeOptions = {}): Promise<Served> {
  return cluster.isPrimary ? servePrimary(options) : serveWorker(factory, options);
}
