import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { openDatabase } from '../../../sample/database/connection';
import { migrate, SCHEMA_VERSION } from '../../../sample/database/migrations';

describe('sample database', () => {
  describe('when opened in memory', () => {
    it('creates the schema and records its version', () => {
      const db = openDatabase(':memory:');
      const tables = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .pluck()
        .all();
      expect(tables).to.include.members(['tasks', 'users']);
      expect(db.pragma('user_version', { simple: true })).to.equal(SCHEMA_VERSION);
      db.close();
    });

    it('has the index that serves the task listing order', () => {
      const db = openDatabase(':memory:');
      const plan = db
        .prepare(
          'EXPLAIN QUERY PLAN SELECT id FROM tasks WHERE (created_at, id) < (?, ?) ORDER BY created_at DESC, id DESC LIMIT 5',
        )
        .all('x', 'y') as { detail: string }[];
      expect(plan.map((row) => row.detail).join()).to.include('tasks_created_at_id');
      db.close();
    });

    it('enforces unique usernames regardless of case', () => {
      const db = openDatabase(':memory:');
      const insert = db.prepare(
        "INSERT INTO users (username, email, password_hash, role, created_at) VALUES (?, 'a@b.c', 'h', 'viewer', 'now')",
      );
      insert.run('ada');
      expect(() => insert.run('ADA'))
        .to.throw()
        .with.property('code', 'SQLITE_CONSTRAINT_UNIQUE');
      db.close();
    });
  });

  describe('when the file exists already', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'trellis-sample-'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('creates missing folders, keeps the rows and runs no migration twice', () => {
      const file = join(dir, 'nested', 'sample.db');
      const first = openDatabase(file);
      first
        .prepare(
          "INSERT INTO users (username, email, password_hash, role, created_at) VALUES ('ada', 'a@b.c', 'h', 'viewer', 'now')",
        )
        .run();
      first.close();
      const second = openDatabase(file);
      expect(second.prepare('SELECT count(*) FROM users').pluck().get()).to.equal(1);
      migrate(second);
      expect(second.pragma('user_version', { simple: true })).to.equal(SCHEMA_VERSION);
      second.close();
    });
  });
});
