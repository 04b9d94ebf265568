import { type Kysely, sql } from 'kysely';

/**
 * Runs `work` on the connection inside `BEGIN IMMEDIATE`: the file's write lock is taken first,
 * so processes sharing the file (cluster workers) claim one after another, never the same row.
 */
export function immediately<T>(root: Kysely<any>, work: (db: Kysely<any>) => Promise<T>): Promise<T> {
  return root.connection().execute(async (db) => {
    await sql`BEGIN IMMEDIATE`.execute(db);
    try {
      const result = await work(db);
      await sql`COMMIT`.execute(db);
      return result;
    } catch (err) {
      await sql`ROLLBACK`.execute(db).catch(() => {});
      throw err;
    }
  });
}
