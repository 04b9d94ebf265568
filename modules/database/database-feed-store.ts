import type { Kysely } from 'kysely';
import type { FeedSpan, FeedStore, StoredEvent } from '../../src/event-feed';

const EVENTS = 'trellis_feed_events';
const TOPICS = 'trellis_feed_topics';

/** How a `DatabaseFeedStore` keeps events. */
export interface DatabaseFeedStoreOptions {
  /** Events kept per topic, at least (older ones are deleted in batches). Default 1000. */
  capacity?: number;
}

/**
 * The last events of each topic in the application's database (PostgreSQL or SQLite), for
 * instances that share a database and no Redis: ids come from one counter row per topic, taken
 * in the event's own transaction (so ids are given in commit order, never twice), and survive
 * restarts, so a client resumes with its `Last-Event-ID` on any instance, after any restart. Its
 * two tables are created on first use.
 * @example new EventFeed({ store: new DatabaseFeedStore(db), broadcaster: new PostgresBroadcaster({ connectionString }) })
 */
export class DatabaseFeedStore implements FeedStore {
  private readonly capacity: number;
  private prepared?: Promise<void>;

  /** Keeps the events through `db` (the `Database` the module binds, or its root). */
  constructor(
    private readonly db: Kysely<any>,
    options: DatabaseFeedStoreOptions = {},
  ) {
    this.capacity = options.capacity ?? 1000;
  }

  /** Keeps `payload` as the topic's next event; resolves to its id. */
  async append(topic: string, payload: string): Promise<number> {
    await this.prepare();
    const id = await this.db.transaction().execute(async (trx) => {
      const counted = await trx
        .insertInto(TOPICS)
        .values({ topic, last_id: 1 })
        .onConflict((conflict) =>
          conflict.column('topic').doUpdateSet((eb) => ({ last_id: eb(`${TOPICS}.last_id`, '+', 1) })),
        )
        .returning('last_id')
        .executeTakeFirstOrThrow();
      const next = Number(counted.last_id);
      await trx.insertInto(EVENTS).values({ topic, id: next, payload }).execute();
      return next;
    });
    // Trimmed in batches: one delete every tenth of the capacity.
    const batch = Math.max(1, Math.floor(this.capacity / 10));
    if (id % batch === 0)
      await this.db
        .deleteFrom(EVENTS)
        .where('topic', '=', topic)
        .where('id', '<=', id - this.capacity)
        .execute();
    return id;
  }

  /** The kept events of `topic` after `lastId`, oldest first. */
  async after(topic: string, lastId: number): Promise<StoredEvent[]> {
    await this.prepare();
    const rows = await this.db
      .selectFrom(EVENTS)
      .select(['id', 'payload'])
      .where('topic', '=', topic)
      .where('id', '>', lastId)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ id: Number(row.id), payload: String(row.payload) }));
  }

  /** The oldest kept id of `topic` and the last given. */
  async span(topic: string): Promise<FeedSpan> {
    await this.prepare();
    const counter = await this.db
      .selectFrom(TOPICS)
      .select('last_id')
      .where('topic', '=', topic)
      .executeTakeFirst();
    const oldest = await this.db
      .selectFrom(EVENTS)
      .select((eb) => eb.fn.min('id').as('id'))
      .where('topic', '=', topic)
      .executeTakeFirst();
    const newest = Number(counter?.last_id ?? 0);
    const first = oldest?.id;
    return { oldest: first === null || first === undefined ? newest + 1 : Number(first), newest };
  }

  /** Creates the tables if they are missing (once; every method awaits it). */
  prepare(): Promise<void> {
    this.prepared ??= this.createTables().catch((err) => {
      this.prepared = undefined;
      throw err;
    });
    return this.prepared;
  }

  // Two instances starting together may both create a table: the loser's error says it exists.
  private async createTables(): Promise<void> {
    await this.createTopics().catch(ignoreExisting);
    await this.createEvents().catch(ignoreExisting);
  }

  private async createTopics(): Promise<void> {
    await this.db.schema
      .createTable(TOPICS)
      .ifNotExists()
      .addColumn('topic', 'varchar(200)', (column) => column.primaryKey())
      .addColumn('last_id', 'bigint', (column) => column.notNull())
      .execute();
  }

  private async createEvents(): Promise<void> {
    await this.db.schema
      .createTable(EVENTS)
      .ifNotExists()
      .addColumn('topic', 'varchar(200)', (column) => column.notNull())
      .addColumn('id', 'bigint', (column) => column.notNull())
      .addColumn('payload', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint(`${EVENTS}_pk`, ['topic', 'id'])
      .execute();
  }
}

// PostgreSQL's duplicate table or type (a concurrent CREATE TABLE IF NOT EXISTS).
function ignoreExisting(err: unknown): void {
  const code = (err as { code?: string }).code;
  if (code !== '42P07' && code !== '23505') throw err;
}
