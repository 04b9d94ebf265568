import { type Kysely, sql } from 'kysely';

/**
 * Runs `work` on the connection inside `BEGIN IMMEDIATE`: the file's write lock is taken first,
 * so processes sharing the file (cluster workers) claim one after another, never the same row.
 * Under a test's held transaction (`held`), which already holds the one connection, a savepoint
 * claims instead, and rolls back with the test.
 */
export function immediately<T>(
  root: Kysely<any>,
  work: (db: Kysely<any>) => Promise<T>,
  held = false,
): Promise<T> {
  return root.connection().execute(async (db) => {
    await (held ? sql`SAVEPOINT trellis_jobs_claim` : sql`BEGIN IMMEDIATE`).execute(db);
    try {
      const result = await work(db);
      await (held ? sql`RELEASE trellis_jobs_claim` : sql`COMMIT`).execute(db);
      return result;
    } catch (err) {
      if (held) {
        await sql`ROLLBACK TO trellis_jobs_claim`.execute(db).catch(() => {});
        await sql`RELEASE trellis_jobs_claim`.execute(db).catch(() => {});
      } else await sql`ROLLBACK`.execute(db).catch(() => {});
      throw err;
    }
  });
}
