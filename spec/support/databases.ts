import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type PostgresServer, startPostgresServer } from './postgres-server';

/** A database kind specs run on; `url()` gives a new, empty database of that kind. */
export interface SpecDatabase {
  name: 'sqlite' | 'postgres';
  url(): Promise<string>;
}

/** The databases database specs run on; `TRELLIS_DATABASES=sqlite` narrows a run to one. */
export const DATABASES = (process.env.TRELLIS_DATABASES?.split(',') ?? [
  'sqlite',
  'postgres',
]) as SpecDatabase['name'][];

let server: Promise<PostgresServer> | undefined;
const folders: string[] = [];

/** The one PostgreSQL the whole run shares (each spec takes its own database on it), started on first use. */
export function sharedPostgres(): Promise<PostgresServer> {
  server ??= startPostgresServer();
  return server;
}

// Registered only under mocha: processes the specs fork load this file too.
if (typeof after === 'function')
  after(async function () {
    // An immediate shutdown (no checkpoint: the data is thrown away), bounded by pg_ctl's own wait.
    this.timeout(60_000);
    if (server) await (await server).close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

const SQLITE: SpecDatabase = {
  name: 'sqlite',
  async url() {
    const folder = mkdtempSync(join(tmpdir(), 'trellis-sqlite-'));
    folders.push(folder);
    return `sqlite:${join(folder, 'app.db')}`;
  },
};

const POSTGRES: SpecDatabase = {
  name: 'postgres',
  async url() {
    return (await sharedPostgres()).createDatabase();
  },
};

/** Declares the same specs once per database (a SQLite file, a PostgreSQL database). */
export function forEachDatabase(define: (database: SpecDatabase) => void): void {
  for (const name of DATABASES) describe(`on ${name}`, () => define(name === 'sqlite' ? SQLITE : POSTGRES));
}
