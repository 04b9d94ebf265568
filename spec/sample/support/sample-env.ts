import { loadConfig, type SampleConfig } from '../../../sample/config';
import { setCursorSigningKey } from '../../../src/pagination';
import { sharedPostgres } from '../../support/databases';
import type { PostgresServer } from '../../support/postgres-server';

/**
 * The database the sample's specs run on: `SAMPLE_DATABASE=postgres` runs them on PostgreSQL
 * (each configuration its own new database), otherwise on in-memory SQLite.
 */
export const SAMPLE_DATABASE = process.env.SAMPLE_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

let postgres: PostgresServer | undefined;
// Child processes the specs fork load this file too, outside mocha: they run on SQLite.
if (SAMPLE_DATABASE === 'postgres' && typeof before === 'function')
  before(async function () {
    this.timeout(60_000);
    postgres = await sharedPostgres();
  });

/** The demo users' password in every spec. */
export const DEMO_PASSWORD = 'Demo-pass-123!';

/** Settings for fast, isolated runs: an in-memory database, cheap bcrypt, a fixed secret. */
export const SPEC_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  JWT_SECRET: 'spec-secret-that-is-long-enough-for-production-use',
  BCRYPT_ROUNDS: '4',
  DATABASE_FILE: ':memory:',
  DEMO_PASSWORD,
  LOGIN_RATE_LIMIT_MAX: '1000',
  LOGIN_CLIENT_RATE_LIMIT_MAX: '1000',
  REGISTER_RATE_LIMIT_MAX: '1000',
  // Specs close the sample often; the balancer's grace period is specified on its own.
  SHUTDOWN_DELAY_MS: '0',
};

// On PostgreSQL a spec that names a file (to restart on it) gets one database per file name.
const byFile = new Map<string, string>();
function postgresFor(file: string | undefined): string {
  if (!file || file === ':memory:') return postgres!.createDatabaseSync();
  const url = byFile.get(file) ?? postgres!.createDatabaseSync();
  byFile.set(file, url);
  return url;
}

/** A sample configuration from `SPEC_ENV` plus `overrides`. */
export function specConfig(overrides: Record<string, string | undefined> = {}): SampleConfig {
  const database = postgres ? { DATABASE_URL: postgresFor(overrides.DATABASE_FILE) } : {};
  const env: Record<string, string | undefined> = { ...SPEC_ENV, ...database, ...overrides };
  // An override of `undefined` leaves the setting to the sample's own default.
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  return loadConfig(env as Record<string, string>).config;
}

/** Signs cursors with a fixed key, as the sample app does at start-up (specs that page without one). */
export function useSpecCursorKey(): void {
  before(() => setCursorSigningKey('spec-cursor-key-that-is-long-enough!'));
}
