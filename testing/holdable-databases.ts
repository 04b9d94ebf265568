import { databaseModuleError } from '../modules/database/database-errors';
import { extendDatabases } from '../modules/database/database-extensions';
import type { Application } from '../src/app/application';
import { type HoldableDialect, holdableDialect, type ReleaseHeldTransaction } from './held-transaction';

const dialects = new WeakMap<object, HoldableDialect>();
// The rollback per test (`rollbackEachTest`): while it is on, each app readied holds its
// connection in one transaction, rolled back when the test ends or the app closes.
let eachTest = false;
const releases = new Set<ReleaseHeldTransaction>();

// Every database module installed once the testing kit is loaded can hold a test's transaction;
// until one is held, its queries pass through as they are.
extendDatabases((dialect, { app, target }) => {
  const holdable = holdableDialect(dialect, target.dialect === 'postgres');
  dialects.set(app, holdable);
  // After every module's own tables and schemas (the 'ready' services: graphile-worker's on its
  // own connections) and before the application's own onReady seeds: the rollback keeps the first.
  app.onReady(async () => {
    if (eachTest) releases.add(await holdable.hold());
  });
  return holdable;
});

/** The dialect of `app`'s database connection, which holds its test transactions. */
export function holdableDialectOf(app: Application): HoldableDialect {
  const dialect = dialects.get(app);
  if (!dialect) throw databaseModuleError('TRELLIS_ERR_TRANSACTION_NOT_HOLDABLE');
  return dialect;
}

/** Whether a test's transaction holds `app`'s database connection now. */
export function holdsTestTransaction(app: Application): boolean {
  return dialects.get(app)?.holding ?? false;
}

/** Turns the rollback per test on (`true`) or off, for the apps readied from now on. */
export function holdEachTest(on: boolean): void {
  eachTest = on;
}

/** Rolls back every transaction the rollback per test held since the last call (those of closed apps already were). */
export async function rollbackHeldTransactions(): Promise<void> {
  const pending = [...releases];
  releases.clear();
  await Promise.all(pending.map((release) => release()));
}
