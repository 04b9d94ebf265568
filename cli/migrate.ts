import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import pino from 'pino';
import { DatabaseConnection } from '../modules/database/database-connection';
import { runMigrations } from '../modules/database/run-migrations';

/** What `trellis migrate` is given: where the database is, and the folder of its migrations. */
export interface MigrateArguments {
  url?: string;
  migrations: string;
}

/**
 * Runs the migrations of a folder that the database has not run yet (what `ready()` does with
 * the `migrations` option), for a deploy step that migrates before the new instances start.
 */
export async function migrate(
  { url, migrations }: MigrateArguments,
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
): Promise<number> {
  const folder = resolve(migrations);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    err.write(
      `trellis migrate: no migrations folder at ${folder}: pass --migrations <folder> with the compiled migration files (dist/migrations, say)\n`,
    );
    return 2;
  }
  const connection = new DatabaseConnection({ url }, { logger: pino({ level: 'silent' }) });
  try {
    const applied = await runMigrations(connection.root, migrations, connection.dialect);
    out.write(
      applied.length > 0
        ? `Migrated: ${applied.join(', ')}\n`
        : 'Nothing to migrate: the database is up to date\n',
    );
    return 0;
  } catch (failure) {
    err.write(`trellis migrate: ${(failure as Error).message}\n`);
    return 1;
  } finally {
    await connection.close().catch(() => {});
  }
}
