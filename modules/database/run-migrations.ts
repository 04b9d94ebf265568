import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { FileMigrationProvider, type Kysely, type MigrationProvider, Migrator } from 'kysely';
import { TrellisError } from '../../container/trellis-error';
import { TRELLIS_ERRORS } from '../../src/errors/trellis-errors';
import type { DatabaseMigrations } from './database-options';

function providerOf(migrations: DatabaseMigrations): MigrationProvider {
  if (typeof migrations === 'string')
    return new FileMigrationProvider({ fs, path, migrationFolder: path.resolve(migrations) });
  return { getMigrations: async () => migrations };
}

/**
 * Runs the migrations `db` has not run yet, in name order (Kysely's `Migrator`: its lock table
 * keeps two instances starting at once from running one step twice); resolves to their names.
 */
export async function runMigrations(db: Kysely<any>, migrations: DatabaseMigrations): Promise<string[]> {
  const { error, results } = await new Migrator({ db, provider: providerOf(migrations) }).migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? '(none)';
    throw new TrellisError(
      'TRELLIS_ERR_MIGRATION_FAILED',
      TRELLIS_ERRORS.TRELLIS_ERR_MIGRATION_FAILED(failed, (error as Error).message ?? String(error)),
      { cause: error },
    );
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
