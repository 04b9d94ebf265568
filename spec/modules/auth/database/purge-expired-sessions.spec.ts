import { expect } from 'chai';
import { type Kysely, sql } from 'kysely';
import { purgeExpiredSessions } from '../../../../modules/auth';
import {
  createSessionTables,
  DENIED_TOKENS_TABLE,
  SESSIONS_TABLE,
} from '../../../../modules/auth/database/database-session-tables';
import { DatabaseTokenDenyList } from '../../../../modules/auth/database/database-token-deny-list';
import { Database } from '../../../../modules/database';
import type { Application } from '../../../../src/app/application';
import { createApp } from '../../../../src/app/create-app';
import { forEachDatabase } from '../../../support/databases';

const NOW = 1_800_000_000_000;

async function insertSessions(
  db: Kysely<any>,
  prefix: string,
  count: number,
  expiresAt: number,
): Promise<void> {
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
      session_id: `${prefix}-${start + i}`,
      user_id: '1',
      refresh_jti: 'j',
      expires_at: expiresAt,
    }));
    await db.insertInto(SESSIONS_TABLE).values(rows).execute();
  }
}

describe('auth: purgeExpiredSessions', function () {
  this.timeout(60_000);
  forEachDatabase((database) => {
    let app: Application;
    let db: Kysely<any>;
    beforeEach(async () => {
      app = createApp({ controllers: [] }).install('database', { url: await database.url() });
      await app.ready();
      db = app.container.get(Database) as Kysely<any>;
      await createSessionTables(db);
    });
    afterEach(() => app.close());

    it('deletes only expired sessions and denied tokens, in batches', async () => {
      await insertSessions(db, 'old', 2100, NOW - 1);
      await insertSessions(db, 'live', 5, NOW + 60_000);
      await db
        .insertInto(DENIED_TOKENS_TABLE)
        .values([
          { jti: 'old', expires_at: NOW - 1 },
          { jti: 'live', expires_at: NOW + 60_000 },
        ])
        .execute();
      expect(await purgeExpiredSessions(db, { now: NOW, batchSize: 1000 })).to.deep.equal({
        sessions: 2100,
        deniedTokens: 1,
      });
      const sessions = await db.selectFrom(SESSIONS_TABLE).select('session_id').execute();
      expect(sessions.map((row) => row.session_id).sort()).to.deep.equal(
        Array.from({ length: 5 }, (_, i) => `live-${i}`).sort(),
      );
      const denied = await db.selectFrom(DENIED_TOKENS_TABLE).select('jti').execute();
      expect(denied.map((row) => row.jti)).to.deep.equal(['live']);
    });

    it('indexes both tables on their expiry', async () => {
      for (const table of [SESSIONS_TABLE, DENIED_TOKENS_TABLE]) {
        const indexes =
          database.name === 'sqlite'
            ? (await sql<{ name: string }>`SELECT name FROM pragma_index_list(${table})`.execute(db)).rows
            : (
                await sql<{
                  name: string;
                }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = ${table}`.execute(db)
              ).rows;
        expect(indexes.map((index) => index.name)).to.include(`${table}_expires_at`);
      }
    });

    it('a logout (deny-list add) never deletes expired rows on the request path', async () => {
      await db.insertInto(DENIED_TOKENS_TABLE).values({ jti: 'expired', expires_at: 1 }).execute();
      const denyList = new DatabaseTokenDenyList(db);
      for (let i = 0; i < 100; i++) await denyList.add(`jti-${i}`, Math.floor(Date.now() / 1000) + 60);
      const expired = await db
        .selectFrom(DENIED_TOKENS_TABLE)
        .select('jti')
        .where('jti', '=', 'expired')
        .execute();
      expect(expired).to.have.length(1);
    });
  });
});
