import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { config as loadDotenv } from 'dotenv';
import { ConfigError, loadConfig } from './config';

// The entry of `npm run start:cluster`: one primary process forks WORKERS copies of the sample
// (`main.js`), which share one port (the primary hands connections out round-robin) and keep
// every piece of shared state in Redis. Any worker can serve any request or WebSocket.

const STOP_TIMEOUT_MS = 15_000;

function workerCount(value: string | undefined): number {
  if (value === undefined || value === '') return availableParallelism();
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1)
    throw new ConfigError(`Invalid configuration:\n  WORKERS: must be a positive integer, got '${value}'`);
  return count;
}

/** Checks what only a cluster needs, and returns the environment every worker starts with. */
function workerEnvironment(): { env: NodeJS.ProcessEnv; workers: number } {
  if (existsSync('.env')) loadDotenv({ path: '.env', quiet: true });
  const { config } = loadConfig();
  const workers = workerCount(process.env.WORKERS);
  const problems: string[] = [];
  if (!config.redisUrl)
    problems.push(
      '  REDIS_URL: required by start:cluster, so that the workers share sessions, limits and chat',
    );
  if (config.databaseFile === ':memory:')
    problems.push(
      '  DATABASE_FILE: start:cluster needs a file, as each worker would get its own :memory: database',
    );
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  // Every worker must sign with the same secret; in development one random secret is made here.
  const secret = process.env.JWT_SECRET || randomBytes(48).toString('base64url');
  return { env: { ...process.env, JWT_SECRET: secret }, workers };
}

const liveWorkers = () => Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);

function runPrimary(): void {
  const { env, workers } = workerEnvironment();
  cluster.setupPrimary({ exec: join(__dirname, 'main.js') });
  const started = new WeakSet<Worker>();
  let announced = false;
  let exitCode: number | undefined;

  const fork = () => cluster.fork(env);
  const stop = (code: number) => {
    if (exitCode !== undefined) return;
    exitCode = code;
    const running = liveWorkers();
    if (running.length === 0) process.exit(code);
    // Each worker closes gracefully on SIGTERM (main.ts); one that hangs is killed.
    for (const worker of running) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of liveWorkers()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
  };

  cluster.on('listening', (worker, address) => {
    started.add(worker);
    if (announced || liveWorkers().some((other) => !started.has(other))) return;
    announced = true;
    const host = address.address?.includes(':') ? `[${address.address}]` : address.address;
    console.log(
      `Trellis sample cluster: ${workers} workers on http://${host}:${address.port}, state in Redis`,
    );
  });
  cluster.on('exit', (worker, code, signal) => {
    // Stopping, or a worker that closed cleanly (Ctrl+C reaches every worker): nothing to replace.
    if (exitCode !== undefined || code === 0) {
      if (liveWorkers().length === 0) process.exit(exitCode ?? 0);
      return;
    }
    // A worker that never listened failed to start (a bad setting, a port in use): retrying would loop.
    if (!started.has(worker)) {
      console.error(`A worker failed to start (exit code ${code}); stopping the cluster`);
      stop(1);
      return;
    }
    console.error(`Worker ${worker.process.pid} died (${signal ?? code}); starting another`);
    fork();
  });
  process.once('SIGINT', () => stop(0));
  process.once('SIGTERM', () => stop(0));
  for (let i = 0; i < workers; i++) fork();
}

try {
  runPrimary();
} catch (err) {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('The sample cluster failed to start:', err);
  process.exit(1);
}
