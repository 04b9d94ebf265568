import type { Dialect } from 'kysely';
import type { ModuleHost } from '../../src/kernel';
import type { DatabaseTarget } from './database-url';

/** What a database extension is told: the application the module installs on, and its database. */
export interface DatabaseExtensionContext {
  app: ModuleHost;
  target: DatabaseTarget;
}

/**
 * Extends a connection of the `database` module as it opens, before its first query: answers the
 * Kysely dialect to use in place of `dialect` (a wrapper of it, or itself), and may add hooks to
 * the app (they run where the module's own would).
 */
export type DatabaseExtension = (dialect: Dialect, context: DatabaseExtensionContext) => Dialect;

// Process-wide: tooling that extends every application's connection, such as the testing kit's
// rollback per test, sees applications it never created.
const extensions = new Set<DatabaseExtension>();

/**
 * Calls `extension` for each connection a `database` module opens from now on, the last one
 * added outermost; the returned function removes it. For tooling: the testing kit holds a test's
 * transaction through one.
 */
export function extendDatabases(extension: DatabaseExtension): () => void {
  extensions.add(extension);
  return () => {
    extensions.delete(extension);
  };
}

/** `dialect` as the extensions in place extend it. */
export function extendedDialect(dialect: Dialect, context: DatabaseExtensionContext): Dialect {
  let extended = dialect;
  for (const extension of extensions) extended = extension(extended, context);
  return extended;
}
