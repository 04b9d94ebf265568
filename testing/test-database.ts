import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOptional } from '../src/optional';

type Pg = typeof import('pg');

interface Made {
  url: string;
  drop(): Promise<void>;
}

const made: Made[] = [];
let count = 0;

const POSTGRES_URL = /^postgres(ql)?:\/\//;

// Unique across the processes of `mocha --parallel` and across runs that share a server.
function uniqueName(): string {
  return `trellis_test_${process.pid}_${randomBytes(4).toString('hex')}_${++count}`;
}

async function onServer(url: string, statement: string): Promise<void> {
  const pg = loadOptional<Pg>('pg', 'createTestDatabase() on PostgreSQL');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function postgresDatabase(server: string): Promise<Made> {
  const name = uniqueName();
  await onServer(server, `CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // FORCE ends the connections an application left open (PostgreSQL 13 and later).
    drop: () => onServer(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

function sqliteDatabase(): Made {
  const folder = mkdtempSync(join(tmpdir(), 'trellis-test-'));
  return {
    url: join(folder, 'test.db'),
    drop: async () => rmSync(folder, { recursive: true, force: true }),
  };
}

/**
 * A new, empty database for one test file: on the PostgreSQL server that `url` names when it is
 * a `postgres://` URL (a uniquely named database, safe under `mocha --parallel`), otherwise a
 * temporary SQLite file. Resolves to its URL; `dropTestDatabases()` removes it.
 * @example before(async () => (process.env.DATABASE_URL = await createTestDatabase(process.env.DATABASE_URL)));
 */
export async function createTestDatabase(url?: string): Promise<string> {
  const database = url && POSTGRES_URL.test(url) ? await postgresDatabase(url) : sqliteDatabase();
  made.push(database);
  return database.url;
}

/**
 * Drops every database `createTestDatabase` made in this process (close the apps using them
 * first on SQLite; on PostgreSQL their connections are ended).
 * @example after(dropTestDatabases);
 */
export async function dropTestDatabases(): Promise<void> {
  const databases = made.splice(0);
  await Promise.all(databases.map((database) => database.drop()));
}
