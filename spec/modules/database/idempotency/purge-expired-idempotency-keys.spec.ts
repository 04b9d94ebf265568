import { expect } from 'chai';
import { type CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { Database, purgeExpiredIdempotencyKeys } from '../../../../modules/database';
import type { Application } from '../../../../src/app/application';
import { createApp } from '../../../../src/app/create-app';
import { forEachDatabase, type SpecDatabase } from '../../../support/databases';

const TABLE = 'trellis_idempotency_keys';
const NOW = 1_800_000_000_000;

// A second connection to the same database, recording the statements it runs.
function recordingKysely(
  database: SpecDatabase['name'],
  url: string,
  statements: CompiledQuery[],
): Kysely<any> {
  const log = (event: { query: CompiledQuery }) => {
    statements.push(event.query);
  };
  if (database === 'sqlite') {
    const Sqlite = require('better-sqlite3') as typeof import('better-sqlite3');
    return new Kysely<any>({
      dialect: new SqliteDialect({ database: new Sqlite(url.slice('sqlite:'.length)) }),
      log,
    });
  }
  const { Pool } = require('pg') as typeof import('pg');
  return new Kysely<any>({
    dialect: new PostgresDialect({ pool: new Pool({ connectionString: url }) }),
    log,
  });
}

const row = (key: string, expiresAt: number) => ({
  key,
  fingerprint: 'f',
  status: 201,
  headers: null,
  body: '{}',
  expires_at: expiresAt,
  owner: null,
});

async function insertRows(db: Kysely<any>, prefix: string, count: number, expiresAt: number): Promise<void> {
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) =>
      row(`${prefix}-${start + i}`, expiresAt),
    );
    await db.insertInto(TABLE).values(rows).execute();
  }
}

describe('database: purgeExpiredIdempotencyKeys', function () {
  this.timeout(60_000);
  forEachDatabase((database) => {
    let app: Application;
    let url: string;
    let db: Kysely<any>;
    const start = async (idempotencyPurgeMs: number | false) => {
      app = createApp({ controllers: [] }).install('database', { url, idempotencyPurgeMs });
      await app.start();
      db = app.container.get(Database) as Kysely<any>;
    };
    beforeEach(async () => {
      url = await database.url();
    });
    afterEach(() => app.close());

    it('deletes only expired keys, in statements of at most batchSize rows', async () => {
      await start(false);
      await insertRows(db, 'old', 2500, NOW - 1);
      await insertRows(db, 'live', 10, NOW + 60_000);
      const statements: CompiledQuery[] = [];
      const recording = recordingKysely(database.name, url, statements);
      try {
        expect(await purgeExpiredIdempotencyKeys(recording, { now: NOW, batchSize: 1000 })).to.equal(2500);
      } finally {
        await recording.destroy();
      }
      const deletes = statements.filter((statement) => /^delete/i.test(statement.sql));
      expect(deletes).to.have.length(3);
      for (const statement of deletes) expect(statement.sql).to.match(/limit/i);
      const left = await db.selectFrom(TABLE).select('key').execute();
      expect(left.map((r) => r.key).sort()).to.deep.equal(
        Array.from({ length: 10 }, (_, i) => `live-${i}`).sort(),
      );
    });

    it('finds expired keys through an index on their expiry', async () => {
      await start(false);
      const indexes =
        database.name === 'sqlite'
          ? (await sql<{ name: string }>`SELECT name FROM pragma_index_list(${TABLE})`.execute(db)).rows
          : (
              await sql<{
                name: string;
              }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = ${TABLE}`.execute(db)
            ).rows;
      expect(indexes.map((index) => index.name)).to.include(`${TABLE}_expires_at`);
    });

    it('runs on the module timer, off the request path', async () => {
      await start(20);
      await insertRows(db, 'old', 50, Date.now() - 1);
      let left = 50;
      for (let i = 0; i < 100 && left > 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        left = (await db.selectFrom(TABLE).select('key').execute()).length;
      }
      expect(left).to.equal(0);
    });
  });
});
