import { checkOption, defineModule } from '../../src/kernel';
import { BROADCASTER } from '../../src/websocket';
import { DatabaseConnection } from './database-connection';
import { extendedDialect } from './database-extensions';
import { DatabaseFeedStore } from './database-feed-store';
import type { DatabaseOptions } from './database-options';
import { databaseOptionsSchema } from './database-options-schema';
import { Database } from './database-token';
import { DatabaseIdempotencyStore } from './idempotency/database-idempotency-store';
import { idempotencyInterceptor } from './idempotency/idempotency-interceptor';
import { IdempotencyStore } from './idempotency/idempotency-store';
import { purgeExpiredIdempotencyKeys } from './idempotency/purge-expired-idempotency-keys';
import { PostgresBroadcaster } from './postgres-broadcaster';
import type * as RunMigrations from './run-migrations';
import { transactionalInterceptor } from './transactional-interceptor';

const HOUR_MS = 60 * 60 * 1000;

declare module '../../src/kernel/extension-points' {
  interface ModuleOptionsMap {
    database: DatabaseOptions;
  }
}

/**
 * The `database` module: one Kysely instance bound as `Database` (SQLite through node:sqlite
 * by default, PostgreSQL through a `pg` pool for a `postgres://` URL), migrations at `ready()`, a
 * `database` readiness check, `Transactional()` and `Idempotent()`. The pool closes on `close()`.
 * @example app.install('database', { url: process.env.DATABASE_URL, migrations: 'dist/migrations' });
 */
export const databaseModule = defineModule<DatabaseOptions>({
  name: 'database',
  install(app, options = {}) {
    checkOption(databaseOptionsSchema, options, 'database');
    // Extended before its first query; an extension's hooks go first among the module's.
    const connection = new DatabaseConnection(options, app, (dialect, target) =>
      extendedDialect(dialect, { app, target }),
    );
    const { container } = app;
    container.bind(DatabaseConnection).toConstantValue(connection);
    // The application's queries go through its plugins; the module's own (below) never do.
    container.bind(Database).toConstantValue(connection.applicationDb);
    // The default store writes in the handler's own database: on PostgreSQL its answers commit
    // with the handler's writes. SQLite has one connection, which a transaction around the whole
    // handler would hold from every other request meanwhile: there the answer follows the commit.
    const store =
      options.idempotencyStore ??
      new DatabaseIdempotencyStore(
        connection.db,
        Date.now,
        connection.dialect === 'postgres' ? (call) => connection.transaction(call) : undefined,
      );
    container.bind(IdempotencyStore).toConstantValue(store);
    // Tables made on first use: an application that keeps its feeds elsewhere pays nothing.
    container.bind(DatabaseFeedStore).toConstantValue(new DatabaseFeedStore(connection.root));
    // Instances sharing PostgreSQL act as one without Redis: broadcasts and session revocations
    // go through LISTEN/NOTIFY, unless the application set its own fan-out (Redis).
    if (
      connection.dialect === 'postgres' &&
      !container.isBound(BROADCASTER) &&
      !app.options.websocket?.broadcaster
    ) {
      const broadcaster = new PostgresBroadcaster({
        connectionString: options.url as string,
        logger: app.logger.child({ component: 'broadcast' }),
      });
      container.bind(BROADCASTER).toConstantValue(broadcaster);
      app.onClose(() => broadcaster.close());
    }
    app.interceptors.define(transactionalInterceptor);
    app.interceptors.define(idempotencyInterceptor);
    app.health.addCheck('database', () => connection.isUp());
    app.service({
      name: 'database',
      stage: 'ready',
      start: async () => {
        if (options.migrations) {
          // Kysely's migrator is loaded by an application that has migrations to run.
          const { runMigrations } = require('./run-migrations') as typeof RunMigrations;
          const applied = await runMigrations(connection.root, options.migrations, connection.dialect);
          if (applied.length > 0) app.logger.info({ migrations: applied }, 'database migrated');
        }
        await store.prepare?.();
      },
    });
    const purgeEveryMs = options.idempotencyPurgeMs;
    if (store instanceof DatabaseIdempotencyStore && purgeEveryMs !== false) {
      let purgeTimer: NodeJS.Timeout | undefined;
      app.service({
        name: 'idempotency key purge',
        // Expired keys go in batches off the request path; unref'd, it never keeps the process up.
        start: () => {
          purgeTimer = setInterval(() => {
            purgeExpiredIdempotencyKeys(connection.root).catch((err) =>
              app.logger.warn({ err }, 'database: expired idempotency keys could not be purged'),
            );
          }, purgeEveryMs ?? HOUR_MS);
          purgeTimer.unref();
        },
        stop: () => clearInterval(purgeTimer),
      });
    }
    app.onClose(() => connection.close());
  },
});
