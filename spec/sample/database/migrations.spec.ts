import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { expect } from 'chai';
import { sql } from 'kysely';
import { databaseModule } from '../../../modules/database';
import { Database } from '../../../modules/database/database-token';
import { sampleMigrations } from '../../../sample/database/migrations';
import type { SampleDatabase } from '../../../sample/database/schema';
import { createApp } from '../../../src/app/create-app';
import { forEachDatabase } from '../../support/databases';
import { openSampleDatabase } from '../support/sample-database';

const user = (username: string) => ({
  username,
  email: 'a@b.c',
  password_hash: 'h',
  role: 'viewer',
  permissions: '[]',
  created_at: 'now',
});

describe('sample database migrations', () => {
  forEachDatabase((database) => {
    it('creates the users and tasks tables', async () => {
      const { db, close } = await openSampleDatabase(database);
      const tables = (await db.introspection.getTables()).map((table) => table.name);
      expect(tables).to.include.members(['tasks', 'users']);
      await close();
    });

    it('enforces unique usernames regardless of case', async () => {
      const { db, close } = await openSampleDatabase(database);
      await db.insertInto('users').values(user('ada')).execute();
      const refused = await db
        .insertInto('users')
        .values(user('ADA'))
        .execute()
        .then(
          () => undefined,
          (err: { code?: string }) => err.code,
        );
      expect(refused).to.be.oneOf(['SQLITE_CONSTRAINT_UNIQUE', '23505']);
      await close();
    });
  });

  it('has the index that serves the task listing order (SQLite)', async () => {
    const { db, close } = await openSampleDatabase({ name: 'sqlite', url: async () => ':memory:' });
    const plan = await sql<{
      detail: string;
    }>`EXPLAIN QUERY PLAN SELECT id FROM tasks WHERE (created_at, id) < (${'x'}, ${'y'}) ORDER BY created_at DESC, id DESC LIMIT 5`.execute(
      db,
    );
    expect(plan.rows.map((row) => row.detail).join()).to.include('tasks_created_at_id');
    await close();
  });

  describe('on a SQLite file made before the database module', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'trellis-sample-'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('keeps the rows: the tables exist already, and the migration only records itself', async () => {
      const file = join(dir, 'sample.db');
      const old = new Sqlite(file);
      // The schema the hand-written migration of earlier versions made (user_version 1).
      old.exec(`
        CREATE TABLE users (id INTEGER PRIMARY KEY AUTOINCREMENT, username TEXT NOT NULL COLLATE NOCASE UNIQUE,
          email TEXT NOT NULL, password_hash TEXT NOT NULL, role TEXT NOT NULL, permissions TEXT NOT NULL DEFAULT '[]',
          created_at TEXT NOT NULL);
        CREATE INDEX users_role ON users (role);
        CREATE TABLE tasks (id TEXT PRIMARY KEY, title TEXT NOT NULL, description TEXT, status TEXT NOT NULL,
          assignee_id INTEGER REFERENCES users (id) ON DELETE SET NULL, created_by INTEGER REFERENCES users (id)
          ON DELETE SET NULL, created_at TEXT NOT NULL);
        CREATE INDEX tasks_created_at_id ON tasks (created_at DESC, id DESC);
        INSERT INTO users (username, email, password_hash, role, created_at) VALUES ('ada', 'a@b.c', 'h', 'viewer', 'now');
        PRAGMA user_version = 1;
      `);
      old.close();
      const app = createApp({}).install(databaseModule, {
        url: file,
        migrations: sampleMigrations('sqlite'),
      });
      await app.ready();
      const db = app.container.get<SampleDatabase>(Database);
      const rows = await db.selectFrom('users').select('username').execute();
      expect(rows.map((row) => row.username)).to.deep.equal(['ada']);
      await app.close();
    });
  });
});
