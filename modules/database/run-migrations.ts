import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import {
  FileMigrationProvider,
  type Kysely,
  type MigrationProvider,
  type MigrationResultSet,
  Migrator,
  sql,
} from 'kysely';
import { databaseModuleError } from './database-errors';
import type { DatabaseMigrations } from './database-options';

const LOCK_WAIT_MS = 60_000;

const isBusy = (err: unknown): boolean => {
  const { code, cause } = err as { code?: string; cause?: { code?: string } };
  return code === 'SQLITE_BUSY' || cause?.code === 'SQLITE_BUSY';
};

// Kysely takes no lock on SQLite and runs its DDL outside a transaction, so processes sharing a
// file (cluster workers) starting at once would run one migration twice. One IMMEDIATE
// transaction holds the file's write lock for the whole run (the others wait their turn, then
// find nothing to do), and a failed migration leaves nothing behind.
async function exclusively(
  db: Kysely<any>,
  run: (db: Kysely<any>) => Promise<MigrationResultSet>,
): Promise<MigrationResultSet> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      await sql`BEGIN IMMEDIATE`.execute(db);
      break;
    } catch (err) {
      if (!isBusy(err) || Date.now() >= deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    const outcome = await run(db);
    await sql.raw(outcome.error ? 'ROLLBACK' : 'COMMIT').execute(db);
    return outcome;
  } catch (err) {
    await sql`ROLLBACK`.execute(db).catch(() => {});
    throw err;
  }
}

function providerOf(migrations: DatabaseMigrations): MigrationProvider {
  if (typeof migrations === 'string')
    return new FileMigrationProvider({ fs, path, migrationFolder: path.resolve(migrations) });
  return { getMigrations: async () => migrations };
}

/** Where a set of migrations keeps its bookkeeping (the framework's own apart from the application's). */
export interface MigrationTables {
  migrationTableName: string;
  migrationLockTableName: string;
}

/**
 * Runs the migrations `db` has not run yet, in name order (Kysely's `Migrator`: its lock table
 * keeps two instances starting at once from running one step twice); resolves to their names.
 */
export async function runMigrations(
  db: Kysely<any>,
  migrations: DatabaseMigrations,
  dialect: 'sqlite' | 'postgres',
  tables?: MigrationTables,
): Promise<string[]> {
  const run = (target: Kysely<any>) =>
    new Migrator({ db: target, provider: providerOf(migrations), ...tables }).migrateToLatest();
  const { error, results } =
    dialect === 'sqlite' ? await db.connection().execute((one) => exclusively(one, run)) : await run(db);
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? '(none)';
    const failure = databaseModuleError(
      'TRELLIS_ERR_MIGRATION_FAILED',
      failed,
      (error as Error).message ?? String(error),
    );
    failure.cause = error;
    throw failure;
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
