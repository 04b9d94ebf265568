import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { config as loadDotenv } from 'dotenv';
import { ConfigError, loadConfig } from './config';
import { demoPasswordHashToSeed } from './database/demo-users';
import { serve } from './trellis';

// The entry of `npm run start:cluster`: through Trellis's serve(), one primary process forks
// WORKERS workers, each building the sample app, which share one port (the primary hands
// connections out round-robin) and keep every piece of shared state in Redis. Any worker can serve
// any request or WebSocket. A crashed worker is replaced; SIGTERM drains them all; SIGHUP
// replaces them one at a time.

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

/** In a worker: the sample application, as `npm start` builds it (demo users on a new database). */
async function buildSampleApp() {
  const { config } = loadConfig();
  const demoPasswordHash = demoPasswordHashToSeed(config);
  const { createSampleApp } = await import('./create-sample-app');
  return createSampleApp(config, { demoPasswordHash });
}

async function main(): Promise<void> {
  if (existsSync('.env')) loadDotenv({ path: '.env', quiet: true });
  const { config } = loadConfig();
  // The primary checks what a cluster needs and makes the shared secret; workers read their env.
  const { env, workers } = cluster.isPrimary ? workerEnvironment() : { env: process.env, workers: 1 };
  const served = await serve(buildSampleApp, { workers, env, port: config.port, host: config.host });
  if (served.role === 'primary')
    console.log(`Trellis sample cluster: ${workers} workers on ${served.url}, state in Redis`);
}

main().catch((err) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('The sample cluster failed to start:', err);
  process.exit(1);
});
