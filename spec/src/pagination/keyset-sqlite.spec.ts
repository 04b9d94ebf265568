import Database from 'better-sqlite3';
import { expect } from 'chai';
import {
  type CursorPaginatedResult,
  keysetPage,
  keysetQuery,
  parseCursorQuery,
  setCursorSigningKey,
} from '../../../src';
import { displayed, makeTasks, NEWEST_FIRST, type TaskRow } from './task-rows';

interface StoredTask {
  id: number;
  title: string;
  createdAt: number;
}

describe('keyset pagination on SQLite row values', () => {
  const tasks = makeTasks(14);
  let db: Database.Database;

  before(() => {
    setCursorSigningKey('a-test-signing-key-of-at-least-32-bytes!');
    db = new Database(':memory:');
    db.exec('CREATE TABLE tasks (id INTEGER PRIMARY KEY, title TEXT NOT NULL, created_at INTEGER NOT NULL)');
    const insert = db.prepare('INSERT INTO tasks (id, title, created_at) VALUES (?, ?, ?)');
    for (const task of tasks) insert.run(task.id, task.title, task.createdAt.getTime());
  });
  after(() => db.close());

  // The handler of `GET /tasks?cursor=&limit=&direction=`, newest first.
  function listTasks(query: Record<string, unknown>): CursorPaginatedResult<TaskRow> {
    const plan = keysetQuery(parseCursorQuery(query, 4), NEWEST_FIRST);
    const where = plan.comparison ? `WHERE (created_at, id) ${plan.comparison} (?, ?)` : '';
    const values = plan.values.map((value) => (value instanceof Date ? value.getTime() : value));
    const rows = db
      .prepare(
        `SELECT id, title, created_at AS createdAt FROM tasks ${where}
         ORDER BY created_at ${plan.order}, id ${plan.order} LIMIT ?`,
      )
      .all(...values, plan.fetch) as StoredTask[];
    return keysetPage(
      rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) })),
      plan,
    );
  }

  it('pages forward to the end and back to the start, page for page', () => {
    const forward = [listTasks({})];
    for (let i = 0; i < tasks.length && forward[forward.length - 1].meta.nextCursor; i++) {
      forward.push(listTasks({ cursor: forward[forward.length - 1].meta.nextCursor }));
    }
    expect(forward.flatMap((page) => page.data)).to.deep.equal(displayed(tasks, NEWEST_FIRST));
    expect(forward.map((page) => page.meta.count)).to.deep.equal([4, 4, 4, 2]);

    const back = [forward[forward.length - 1]];
    for (let i = 0; i < tasks.length && back[0].meta.prevCursor; i++) {
      back.unshift(listTasks({ cursor: back[0].meta.prevCursor, direction: 'prev' }));
    }
    expect(back).to.deep.equal(forward);
    expect(back[0].meta).to.include({ hasPrev: false, prevCursor: null });
  });
});
