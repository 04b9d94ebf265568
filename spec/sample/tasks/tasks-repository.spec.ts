import { expect } from 'chai';
import { openDatabase, type SampleDatabase } from '../../../sample/database/connection';
import type { Task } from '../../../sample/tasks/task';
import { TasksRepository } from '../../../sample/tasks/tasks-repository';
import { UsersRepository } from '../../../sample/users/users-repository';
import { type CursorDirection, keysetPage, keysetQuery } from '../../../src/pagination';
import { useSpecCursorKey } from '../support/sample-env';

// Twelve tasks over six milliseconds, two per millisecond, so ties on createdAt are broken by id.
const CREATED = Array.from({ length: 12 }, (_, i) => ({
  id: `task-${String(i).padStart(2, '0')}`,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, Math.floor(i / 2))).toISOString(),
}));
const NEWEST_FIRST = [...CREATED].reverse().map((task) => task.id);

describe('TasksRepository', () => {
  useSpecCursorKey();
  let db: SampleDatabase;
  let tasks: TasksRepository;
  let ada: number;
  let bob: number;
  beforeEach(() => {
    db = openDatabase(':memory:');
    tasks = new TasksRepository(db);
    const users = new UsersRepository(db);
    const base = { passwordHash: 'h', role: 'developer', permissions: [] };
    ada = users.create({ ...base, username: 'ada', email: 'ada@example.com' }).id;
    bob = users.create({ ...base, username: 'bob', email: 'bob@example.com' }).id;
    for (const [i, { id, createdAt }] of CREATED.entries()) {
      tasks.create({
        id,
        title: `Task ${i}`,
        description: null,
        status: i % 3 === 0 ? 'review' : 'todo',
        assigneeId: i % 2 === 0 ? ada : null,
        createdById: i < 6 ? bob : ada,
        createdAt,
      });
    }
  });
  afterEach(() => db.close());

  const walk = (limit: number, direction: CursorDirection, cursor?: string) => {
    const plan = keysetQuery({ limit, direction, cursor }, tasks.order);
    return keysetPage(tasks.seek(plan), plan);
  };
  const ids = (page: { data: Task[] }) => page.data.map((task) => task.id);

  it('reads a task with its assignee and creator', () => {
    expect(tasks.findById('task-00')).to.deep.include({
      title: 'Task 0',
      status: 'review',
      assignee: { id: ada, username: 'ada' },
      createdBy: { id: bob, username: 'bob' },
    });
  });

  it('pages forward newest first by (createdAt, id) and back again', () => {
    const first = walk(5, 'next');
    expect(ids(first)).to.deep.equal(NEWEST_FIRST.slice(0, 5));
    expect(first.meta).to.include({ hasPrev: false, hasNext: true });
    const second = walk(5, 'next', first.meta.nextCursor!);
    expect(ids(second)).to.deep.equal(NEWEST_FIRST.slice(5, 10));
    const third = walk(5, 'next', second.meta.nextCursor!);
    expect(ids(third)).to.deep.equal(NEWEST_FIRST.slice(10));
    expect(third.meta).to.include({ hasNext: false, nextCursor: null, hasPrev: true });
    const back = walk(5, 'prev', third.meta.prevCursor!);
    expect(ids(back)).to.deep.equal(NEWEST_FIRST.slice(5, 10));
    const start = walk(5, 'prev', back.meta.prevCursor!);
    expect(ids(start)).to.deep.equal(NEWEST_FIRST.slice(0, 5));
    expect(start.meta).to.include({ hasPrev: false, hasNext: true });
  });

  it('reads offset pages in the same order', () => {
    expect(tasks.page(5, 3).map((task) => task.id)).to.deep.equal(NEWEST_FIRST.slice(5, 8));
  });

  it('counts tasks by status, every status present, overall or for one assignee', () => {
    expect(tasks.count()).to.equal(12);
    expect(tasks.countByStatus()).to.deep.equal({ todo: 8, in_progress: 0, review: 4, done: 0 });
    expect(tasks.countByStatus(ada)).to.deep.equal({ todo: 4, in_progress: 0, review: 2, done: 0 });
    expect(tasks.countByStatus(bob)).to.deep.equal({ todo: 0, in_progress: 0, review: 0, done: 0 });
  });

  it('lists the newest tasks others assigned to a user', () => {
    const recent = tasks.recentlyAssignedTo(ada, 5);
    expect(recent.map((task) => task.id)).to.deep.equal(['task-04', 'task-02', 'task-00']);
  });

  it('reads the newest tasks of several assignees in one query: at most `limit` each, newest first', () => {
    const later = ['2026-01-02T00:00:00.000Z', '2026-01-03T00:00:00.000Z', '2026-01-04T00:00:00.000Z'];
    for (const [i, createdAt] of later.entries()) {
      tasks.create({
        id: `bob-${i}`,
        title: `Bob ${i}`,
        description: null,
        status: 'todo',
        assigneeId: bob,
        createdById: ada,
        createdAt,
      });
    }
    const ids = (assignees: number[], limit: number) =>
      tasks.newestAssignedToEach(assignees, limit).map((task) => task.id);
    expect(ids([ada, bob, 999], 2)).to.deep.equal(['bob-2', 'bob-1', 'task-10', 'task-08']);
    expect(ids([bob], 5)).to.deep.equal(['bob-2', 'bob-1', 'bob-0']);
    expect(ids([], 5)).to.deep.equal([]);
    expect(tasks.newestAssignedToEach([ada], 1)[0]).to.deep.equal(tasks.findById('task-10'));
  });
});
