import { type Kysely, sql } from 'kysely';

// A test's held transaction (`rollbackEachTest()` in trellis/testing) already holds the one
// connection: inside it, a savepoint claims as BEGIN IMMEDIATE would, and rolls back with the test.
const NESTED = /cannot start a transaction within a transaction/;

/**
 * Runs `work` on the connection inside `BEGIN IMMEDIATE`: the file's write lock is taken first,
 * so processes sharing the file (cluster workers) claim one after another, never the same row.
 */
export function immediately<T>(root: Kysely<any>, work: (db: Kysely<any>) => Promise<T>): Promise<T> {
  return root.connection().execute(async (db) => {
    const nested = await sql`BEGIN IMMEDIATE`.execute(db).then(
      () => false,
      (err: unknown) => {
        if (err instanceof Error && NESTED.test(err.message)) return true;
        throw err;
      },
    );
    if (nested) await sql`SAVEPOINT trellis_jobs_claim`.execute(db);
    try {
      const result = await work(db);
      await (nested ? sql`RELEASE trellis_jobs_claim` : sql`COMMIT`).execute(db);
      return result;
    } catch (err) {
      await (nested ? sql`ROLLBACK TO trellis_jobs_claim` : sql`ROLLBACK`).execute(db).catch(() => {});
      if (nested) await sql`RELEASE trellis_jobs_claim`.execute(db).catch(() => {});
      throw err;
    }
  });
}
