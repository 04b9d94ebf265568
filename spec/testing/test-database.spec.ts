import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect } from 'chai';
import { type Kysely, type Migration, sql } from 'kysely';
import { ConflictException, Inject, Injectable } from '../../index';
import { Database, Transactional } from '../../modules/database';
import type { Application } from '../../src/app/application';
import {
  beginTestTransaction,
  closeTestApps,
  createTestApp,
  createTestDatabase,
  dropTestDatabases,
  rollbackEachTest,
} from '../../testing';
import { DATABASES, sharedPostgres } from '../support/databases';

// Ids the database numbers itself, on either dialect: what a rollback must number anew.
const NOTES: Record<string, Migration> = {
  '001_notes': {
    async up(db: Kysely<any>) {
      const postgres = db.getExecutor().adapter.constructor.name.startsWith('Postgres');
      await db.schema
        .createTable('notes')
        .addColumn('id', postgres ? 'serial' : 'integer', (column) =>
          postgres ? column.primaryKey() : column.primaryKey().autoIncrement(),
        )
        .addColumn('text', 'text', (column) => column.notNull().unique())
        .execute();
    },
  },
};

@Injectable()
class NotesRepository {
  constructor(@Inject(Database) private readonly db: Database<any>) {}

  async add(text: string): Promise<number> {
    const row = await this.db.insertInto('notes').values({ text }).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async texts(): Promise<string[]> {
    const rows = await this.db.selectFrom('notes').select('text').orderBy('id').execute();
    return rows.map((row) => row.text as string);
  }

  @Transactional()
  async addBoth(first: string, second: string, fail = false): Promise<void> {
    await this.add(first);
    await this.add(second);
    if (fail) throw new ConflictException('refused');
  }
}

function notesApp(url: string): Application {
  return createTestApp({ providers: [NotesRepository] }).install('database', { url, migrations: NOTES });
}

async function notesOf(app: Application): Promise<NotesRepository> {
  await app.ready();
  return app.container.get(NotesRepository);
}

// The server a test database is made on: the spec run's PostgreSQL, or none for SQLite.
async function serverOf(name: string): Promise<string | undefined> {
  return name === 'postgres' ? (await sharedPostgres()).url : undefined;
}

async function databaseNames(): Promise<string[]> {
  const app = createTestApp().install('database', { url: (await sharedPostgres()).url });
  await app.ready();
  const rows = await app.container
    .get<Database<any>>(Database)
    .selectFrom('pg_database')
    .select('datname')
    .execute();
  await app.close();
  return rows.map((row) => row.datname as string);
}

describe('trellis/testing: a database per test file, a rollback per test', function () {
  this.timeout(30_000);
  afterEach(closeTestApps);
  after(dropTestDatabases);

  if (DATABASES.includes('postgres'))
    it('makes a uniquely named PostgreSQL database on the server the URL names, and drops it', async () => {
      const server = (await sharedPostgres()).url;
      const first = await createTestDatabase(server);
      const second = await createTestDatabase(server);
      expect(first).not.to.equal(second);
      const name = (url: string) => new URL(url).pathname.slice(1);
      expect(name(first)).to.match(new RegExp(`^trellis_test_${process.pid}_`));
      expect(new URL(first).port).to.equal(String((await sharedPostgres()).port));
      await (await notesOf(notesApp(first))).add('only here');
      expect(await (await notesOf(notesApp(second))).texts()).to.deep.equal([]);
      expect(await databaseNames()).to.include.members([name(first), name(second)]);
      // Dropped even while an application still holds connections to it.
      await dropTestDatabases();
      expect(await databaseNames()).not.to.include.members([name(first)]);
      expect(await databaseNames()).not.to.include.members([name(second)]);
    });

  it('makes a temporary SQLite file when given no PostgreSQL URL, and removes it', async () => {
    const first = await createTestDatabase();
    const second = await createTestDatabase(':memory:');
    expect(first).not.to.equal(second);
    const app = notesApp(first);
    await (await notesOf(app)).add('kept in the file');
    expect(existsSync(first)).to.equal(true);
    await app.close();
    expect(await (await notesOf(notesApp(first))).texts()).to.deep.equal(['kept in the file']);
    await closeTestApps();
    await dropTestDatabases();
    expect(existsSync(dirname(first))).to.equal(false);
    expect(existsSync(dirname(second))).to.equal(false);
  });

  for (const name of DATABASES)
    describe(`on ${name}`, () => {
      let url: string;
      before(async () => {
        url = await createTestDatabase(await serverOf(name));
      });

      it('beginTestTransaction rolls back what a test wrote, ids included, and keeps what was there', async () => {
        const setup = notesApp(url);
        const before = await (await notesOf(setup)).texts();
        await setup.close();
        const app = notesApp(url);
        const rollback = await beginTestTransaction(app);
        const notes = await notesOf(app);
        const first = await notes.add('one');
        await notes.add('two');
        expect(await notes.texts()).to.deep.equal([...before, 'one', 'two']);
        await rollback();
        expect(await notes.texts()).to.deep.equal(before);
        const again = await beginTestTransaction(app);
        expect(await notes.add('one again')).to.equal(first);
        await again();
        expect(await notes.texts()).to.deep.equal(before);
      });

      it('makes a transaction written as SQL (BEGIN, COMMIT, ROLLBACK) a savepoint too', async () => {
        const app = notesApp(url);
        const rollback = await beginTestTransaction(app);
        const notes = await notesOf(app);
        const db = app.container.get<Database<any>>(Database);
        // SQLite's claims take the write lock first (the jobs' BEGIN IMMEDIATE); PostgreSQL's plain BEGIN.
        const begin = name === 'sqlite' ? sql`BEGIN IMMEDIATE` : sql`BEGIN`;
        const inTransaction = (text: string, end: 'COMMIT' | 'ROLLBACK') =>
          db.connection().execute(async (connection) => {
            await begin.execute(connection);
            await connection.insertInto('notes').values({ text }).execute();
            await sql.raw(end).execute(connection);
          });
        await inTransaction('committed', 'COMMIT');
        await inTransaction('rolled back', 'ROLLBACK');
        expect(await notes.texts()).to.deep.equal(['committed']);
        await rollback();
        expect(await notes.texts()).to.deep.equal([]);
      });

      it('makes Transactional() a savepoint: a failed call undoes only its own writes', async () => {
        const app = notesApp(url);
        const rollback = await beginTestTransaction(app);
        const notes = await notesOf(app);
        await notes.add('before');
        await notes.addBoth('a', 'b');
        await notes.addBoth('c', 'd', true).then(
          () => expect.fail('addBoth should have thrown'),
          (err: Error) => expect(err).to.be.instanceOf(ConflictException),
        );
        // A failing statement inside a savepoint leaves the test's transaction usable.
        await notes.addBoth('e', 'a').catch(() => undefined);
        expect(await notes.texts()).to.deep.equal(['before', 'a', 'b']);
        // Calls that run at once take turns on the one connection.
        await Promise.all([notes.addBoth('x1', 'x2'), notes.addBoth('y1', 'y2'), notes.add('z')]);
        expect(await notes.texts()).to.have.members(['before', 'a', 'b', 'x1', 'x2', 'y1', 'y2', 'z']);
        await rollback();
        expect(await notes.texts()).to.deep.equal([]);
      });

      it('rollbackEachTest rolls back every app readied during the test, its seed included, closed or not', async () => {
        const hooks = rollbackEachTest();
        const seeded = (app: Application) =>
          app.onReady(async () => {
            await app.container.get(NotesRepository).add('seeded');
          });
        hooks.beforeEach();
        try {
          const closed = seeded(notesApp(url));
          expect(await (await notesOf(closed)).texts()).to.deep.equal(['seeded']);
          await closed.close();
          const open = seeded(notesApp(url));
          const notes = await notesOf(open);
          await notes.add('written');
          expect(await notes.texts()).to.deep.equal(['seeded', 'written']);
        } finally {
          await hooks.afterEach();
        }
        // Rolled back, and nothing held any more: writes commit.
        const after = notesApp(url);
        expect(await (await notesOf(after)).texts()).to.deep.equal([]);
        await (await notesOf(after)).add('committed');
        await after.close();
        expect(await (await notesOf(notesApp(url))).texts()).to.deep.equal(['committed']);
      });
    });
});
