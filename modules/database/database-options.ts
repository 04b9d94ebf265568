import type { Kysely, KyselyPlugin, Migration } from 'kysely';
import type { IdempotencyStore } from './idempotency/idempotency-store';

/** The application's migrations by name (run in name order), or the folder that holds them. */
export type DatabaseMigrations = Record<string, Migration> | string;

/**
 * How SQLite is reached: `'node:sqlite'` (Node's own, nothing to compile; the default) or
 * `'better-sqlite3'` (an optional peer, a native addon).
 */
export type SqliteDriver = 'node:sqlite' | 'better-sqlite3';

/** Options of `app.install('database', ...)`. */
export interface DatabaseOptions {
  /**
   * `postgres://...` selects PostgreSQL (a `pg` pool); `sqlite:<file>`, a file path or `:memory:`
   * selects SQLite (through `driver`). Default `:memory:`.
   */
  url?: string;
  /** The SQLite driver (default `'node:sqlite'`); PostgreSQL ignores it. */
  driver?: SqliteDriver;
  /** Kysely migrations run at `ready()` (and by `trellis migrate`). */
  migrations?: DatabaseMigrations;
  /**
   * Kysely plugins (`new CamelCasePlugin()`, ...) for the application's queries: `Database`, in
   * and out of `Transactional()` calls. Migrations and the module's own tables run without them.
   */
  plugins?: KyselyPlugin[];
  /** PostgreSQL connections in the pool (default 10). */
  poolSize?: number;
  /** Where `Idempotent()` keeps keys and answers; default: this database's own table. */
  idempotencyStore?: IdempotencyStore;
  /**
   * How often expired idempotency keys of the database's own store are deleted, in milliseconds
   * (default one hour); `false` leaves it to a scheduled job (`purgeExpiredIdempotencyKeys`).
   */
  idempotencyPurgeMs?: number | false;
}

/** The Kysely instance `Database` gives; `DB` is the application's schema. */
export type DatabaseInstance<DB = any> = Kysely<DB>;
