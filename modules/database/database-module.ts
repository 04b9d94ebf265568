import { checkOption, defineModule } from '../../src/kernel';
import { DatabaseConnection } from './database-connection';
import type { DatabaseOptions } from './database-options';
import { databaseOptionsSchema } from './database-options-schema';
import { Database } from './database-token';
import { DatabaseIdempotencyStore } from './idempotency/database-idempotency-store';
import { idempotencyInterceptor } from './idempotency/idempotency-interceptor';
import { IdempotencyStore } from './idempotency/idempotency-store';
import type * as RunMigrations from './run-migrations';
import { transactionalInterceptor } from './transactional-interceptor';

declare module '../../src/kernel/extension-points' {
  interface ModuleOptionsMap {
    database: DatabaseOptions;
  }
}

/**
 * The `database` module: one Kysely instance bound as `Database` (SQLite through better-sqlite3
 * by default, PostgreSQL through a `pg` pool for a `postgres://` URL), migrations at `ready()`, a
 * `database` readiness check, `Transactional()` and `Idempotent()`. The pool closes on `close()`.
 * @example app.install('database', { url: process.env.DATABASE_URL, migrations: 'dist/migrations' });
 */
export const databaseModule = defineModule<DatabaseOptions>({
  name: 'database',
  install(app, options = {}) {
    checkOption(databaseOptionsSchema, options, 'database');
    const connection = new DatabaseConnection(options, app);
    const { container } = app;
    container.bind(DatabaseConnection).toConstantValue(connection);
    container.bind(Database).toConstantValue(connection.db);
    const store = options.idempotencyStore ?? new DatabaseIdempotencyStore(connection.root);
    container.bind(IdempotencyStore).toConstantValue(store);
    app.interceptors.define(transactionalInterceptor);
    app.interceptors.define(idempotencyInterceptor);
    app.health.addCheck('database', () => connection.isUp());
    app.onReady(async () => {
      if (options.migrations) {
        // Kysely's migrator is loaded by an application that has migrations to run.
        const { runMigrations } = require('./run-migrations') as typeof RunMigrations;
        const applied = await runMigrations(connection.root, options.migrations, connection.dialect);
        if (applied.length > 0) app.logger.info({ migrations: applied }, 'database migrated');
      }
      await store.prepare?.();
    });
    app.onClose(() => connection.close());
  },
});
