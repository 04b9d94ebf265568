import type { Application } from '../src/app/application';
import { holdableDialectOf, holdEachTest, rollbackHeldTransactions } from './holdable-databases';

/**
 * Runs every query of `app` (readied here if needed) in one transaction until the returned
 * function rolls it back: for an app shared by a file's tests, call it in `beforeEach` and the
 * returned function in `afterEach`. `Transactional()` calls inside become savepoints; on
 * PostgreSQL the sequences are put back too, so ids start over. The app's database module must
 * be installed after `trellis/testing` is loaded.
 * @example let rollback: () => Promise<void>; beforeEach(async () => (rollback = await beginTestTransaction(app))); afterEach(() => rollback());
 */
export async function beginTestTransaction(app: Application): Promise<() => Promise<void>> {
  await app.ready();
  return holdableDialectOf(app).hold();
}

/**
 * From now on, every app readied during a test runs inside one transaction begun after its
 * migrations (what it seeds included) and rolled back when the test ends or the app closes.
 * Give the test file one database (`createTestDatabase`), and these hooks to mocha.
 * @example export const mochaHooks = rollbackEachTest();
 */
export function rollbackEachTest(): { beforeEach(): void; afterEach(): Promise<void> } {
  return {
    beforeEach() {
      holdEachTest(true);
    },
    async afterEach() {
      holdEachTest(false);
      await rollbackHeldTransactions();
    },
  };
}
