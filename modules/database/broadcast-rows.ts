import type { Client } from 'pg';

/** The table that holds the broadcasts too large for a notification, created on first use. */
export const BROADCAST_ROWS_TABLE = 'trellis_broadcast_payloads';

/** How long a row is kept for the instances to read it, in seconds. */
export const BROADCAST_ROW_SECONDS = 60;

// Each instance deletes the expired rows at most this often, on its way to add one.
const PURGE_EVERY_MS = 10_000;

// PostgreSQL's duplicate table or type (a concurrent CREATE TABLE IF NOT EXISTS).
function ignoreExisting(err: unknown): void {
  const code = (err as { code?: string }).code;
  if (code !== '42P07' && code !== '23505') throw err;
}

/**
 * The broadcasts too large for a NOTIFY: each is kept in a row, and the notification carries the
 * row's id. Each instance, as it adds a row, deletes those older than `BROADCAST_ROW_SECONDS`
 * (at most every 10 s), so the table holds little more than the last minute of them.
 */
export class BroadcastRows {
  private created = false;
  private purgedAt = 0;

  /**
   * Keeps `text` in a new row and notifies `channel` of it as `prefix`, the row's id and `"}`.
   * One statement: the notification goes out when the row is committed, never before.
   */
  async send(client: Client, channel: string, prefix: string, text: string): Promise<void> {
    if (!this.created) {
      await client
        .query(
          `CREATE TABLE IF NOT EXISTS ${BROADCAST_ROWS_TABLE} (
            id bigserial PRIMARY KEY,
            created_at timestamptz NOT NULL DEFAULT now(),
            data bytea NOT NULL
          )`,
        )
        .catch(ignoreExisting);
      this.created = true;
    }
    if (Date.now() - this.purgedAt >= PURGE_EVERY_MS) {
      await client.query(
        `DELETE FROM ${BROADCAST_ROWS_TABLE} WHERE created_at < now() - make_interval(secs => $1)`,
        [BROADCAST_ROW_SECONDS],
      );
      this.purgedAt = Date.now();
    }
    // bytea: the text goes back exactly as given, whatever characters it holds.
    await client
      .query(
        `WITH kept AS (INSERT INTO ${BROADCAST_ROWS_TABLE} (data) VALUES ($3) RETURNING id)
         SELECT pg_notify($1, $2::text || kept.id::text || '"}') FROM kept`,
        [channel, prefix, Buffer.from(text)],
      )
      .catch((err: unknown) => {
        // The table may have been dropped, or the database restored: create it again next time.
        this.created = false;
        throw err;
      });
  }

  /** The text kept in row `id`; undefined once it was deleted. */
  async read(client: Client, id: string): Promise<string | undefined> {
    const result = await client.query<{ data: Buffer }>(
      `SELECT data FROM ${BROADCAST_ROWS_TABLE} WHERE id = $1`,
      [id],
    );
    return result.rows[0]?.data.toString();
  }
}
