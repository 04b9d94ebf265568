import { databaseModule } from '../../../modules/database';
import { Database } from '../../../modules/database/database-token';
import { sampleMigrations } from '../../../sample/database/migrations';
import type { SampleDatabase } from '../../../sample/database/schema';
import { createApp } from '../../../src/app/create-app';
import type { SpecDatabase } from '../../support/databases';

/** The sample's database, migrated, as the `database` module opens it; `close()` ends it. */
export interface OpenSampleDatabase {
  db: SampleDatabase;
  close(): Promise<void>;
}

/**
 * Opens a new, empty sample database of that kind through the `database` module.
 * @example const { db, close } = await openSampleDatabase(database); afterEach(close);
 */
export async function openSampleDatabase(database: SpecDatabase): Promise<OpenSampleDatabase> {
  const app = createApp({}).install(databaseModule, {
    url: await database.url(),
    migrations: sampleMigrations(database.name),
  });
  await app.ready();
  return { db: app.container.get<SampleDatabase>(Database), close: () => app.close() };
}
