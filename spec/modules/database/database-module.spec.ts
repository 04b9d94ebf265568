import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { sql } from 'kysely';
import { Database } from '../../../modules/database';
import { createApp } from '../../../src/app/create-app';
import { HealthChecks } from '../../../src/health/health-checks';
import { forEachDatabase } from '../../support/databases';
import { AccountsRepository, SPEC_MIGRATIONS } from './database-fixtures';

describe('database module', () => {
  forEachDatabase((database) => {
    it('binds Database, runs the migrations at ready() and gives repositories the same instance', async () => {
      const app = createApp({ providers: [AccountsRepository] }).install('database', {
        url: await database.url(),
        migrations: SPEC_MIGRATIONS,
      });
      await app.ready();
      const accounts = app.container.get(AccountsRepository);
      await accounts.open('ada', 10);
      expect(await accounts.balances()).to.deep.equal({ ada: 10 });
      const db = app.container.get<Database>(Database);
      const applied = await db.selectFrom('kysely_migration').select('name').orderBy('name').execute();
      expect(applied.map((row) => row.name)).to.deep.equal(['001_accounts', '002_ledger']);
      await app.close();
    });

    it('keeps the data and runs no migration twice when the application starts again', async () => {
      const url = await database.url();
      const first = createApp({ providers: [AccountsRepository] }).install('database', {
        url,
        migrations: SPEC_MIGRATIONS,
      });
      await first.ready();
      await first.container.get(AccountsRepository).open('ada', 7);
      await first.close();
      const second = createApp({ providers: [AccountsRepository] }).install('database', {
        url,
        migrations: SPEC_MIGRATIONS,
      });
      await second.ready();
      expect(await second.container.get(AccountsRepository).balances()).to.deep.equal({ ada: 7 });
      await second.close();
    });

    it('runs the migrations of a folder, in name order', async () => {
      const folder = mkdtempSync(join(tmpdir(), 'trellis-migrations-'));
      writeFileSync(
        join(folder, '001_first.js'),
        "exports.up = (db) => db.schema.createTable('first').addColumn('id', 'integer').execute();",
      );
      writeFileSync(
        join(folder, '002_second.js'),
        "exports.up = (db) => db.insertInto('first').values({ id: 42 }).execute();",
      );
      const app = createApp({}).install('database', { url: await database.url(), migrations: folder });
      await app.ready();
      const rows = await app.container.get<Database>(Database).selectFrom('first').selectAll().execute();
      expect(rows.map((row) => Number(row.id))).to.deep.equal([42]);
      await app.close();
      rmSync(folder, { recursive: true, force: true });
    });

    it('when a migration fails, ready() rejects naming it, and nothing of the run stays', async () => {
      const url = await database.url();
      const app = createApp({}).install('database', {
        url,
        migrations: {
          '001_ok': SPEC_MIGRATIONS['001_accounts'],
          '002_broken': {
            async up(db) {
              await db.schema.createTable('half').addColumn('id', 'integer').execute();
              await sql`SELECT * FROM no_such_table`.execute(db);
            },
          },
        },
      });
      const failure = await app.ready().then(
        () => undefined,
        (err: unknown) => err as { code: string; message: string },
      );
      expect(failure?.code).to.equal('TRELLIS_ERR_MIGRATION_FAILED');
      expect(failure?.message).to.contain("'002_broken'");
      await app.close();
      const again = createApp({}).install('database', { url });
      await again.ready();
      // The run is one transaction on both databases: neither migration stays, nor is recorded.
      const tables = (await again.container.get<Database>(Database).introspection.getTables()).map(
        (t) => t.name,
      );
      expect(tables).to.not.include.members(['half']);
      expect(tables).to.not.include('accounts');
      await again.close();
    });

    it('reports the database in readiness, and closes its connection with the application', async () => {
      const app = createApp({}).install('database', { url: await database.url() });
      await app.ready();
      const health = app.container.get(HealthChecks);
      expect((await health.readiness()).checks.database).to.equal('up');
      const db = app.container.get<Database>(Database);
      await app.close();
      const after = await sql`SELECT 1`.execute(db).then(
        () => 'answered',
        () => 'closed',
      );
      expect(after).to.equal('closed');
    });
  });

  it('opens a SQLite file in WAL mode with synchronous=FULL', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'trellis-sqlite-'));
    const app = createApp({}).install('database', { url: join(folder, 'app.db') });
    await app.ready();
    const db = app.container.get<Database>(Database);
    const journal = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(db);
    const synchronous = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(db);
    expect(journal.rows[0].journal_mode).to.equal('wal');
    expect(synchronous.rows[0].synchronous).to.equal(2);
    await app.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('reports query times in the metrics when they are on', async () => {
    const app = createApp({ metrics: { defaultMetrics: false } }).install('database', {});
    await app.ready();
    await sql`SELECT 1`.execute(app.container.get<Database>(Database));
    await sql`SELECT * FROM nowhere`.execute(app.container.get<Database>(Database)).catch(() => {});
    const text = await app.metrics!.text();
    expect(text).to.match(/db_query_duration_seconds_count\{outcome="query"\} [1-9]/);
    expect(text).to.match(/db_query_duration_seconds_count\{outcome="error"\} 1/);
    await app.close();
  });

  it('refuses options of the wrong shape at install', () => {
    expect(() => createApp({}).install('database', { url: 42 } as never)).to.throw(
      /TRELLIS_ERR_INVALID_OPTION|database\.url/,
    );
    expect(() => createApp({}).install('database', { pool: 3 } as never)).to.throw(/database/);
  });
});
