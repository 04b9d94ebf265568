import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { trellisError } from '../kernel/errors/trellis-errors';
import { enableCompileCache } from './compile-cache';
import type { AppFactory, Served, ServedPrimary, ServeOptions } from './serve-options';
import { serveWorker } from './serve-worker';
import { servedUrl } from './served-url';
import { WorkerPool } from './worker-pool';

function workerCount(workers: number | undefined): number {
  if (workers === undefined) return availableParallelism();
  if (!Number.isInteger(workers) || workers < 1)
    throw trellisError(
      'TRELLIS_ERR_INVALID_OPTION',
      'serve(): workers',
      `must be a positive integer, got ${workers}`,
    );
  return workers;
}

async function servePrimary(options: ServeOptions): Promise<ServedPrimary> {
  const count = workerCount(options.workers);
  // Every worker compiles the same files: the first fills the cache, the others read it.
  enableCompileCache();
  const pool = new WorkerPool(options);
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
 * they share (the primary hands connections out in turn). A worker that crashes is replaced after
 * a back-off; SIGTERM or SIGINT drains every worker and exits; SIGHUP replaces the workers one at a
 * time (a new one serving before an old one drains). Resolves once every worker is serving (in the
 * primary) or once this worker is (in a worker). Each worker has its own memory: what must be
 * shared goes in Redis or the database (docs/scale-out.md).
 * @example void serve(() => createApp({ controllers: [UsersController] }), { workers: 4, port: 3000 });
 */
export function serve(factory: AppFactory, options: ServeOptions = {}): Promise<Served> {
  return cluster.isPrimary ? servePrimary(options) : serveWorker(factory, options);
}
