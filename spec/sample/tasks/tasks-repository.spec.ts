import { expect } from 'chai';
import type { SampleDatabase } from '../../../sample/database/schema';
import type { Task } from '../../../sample/tasks/task';
import { TasksRepository } from '../../../sample/tasks/tasks-repository';
import { UsersRepository } from '../../../sample/users/users-repository';
import { type CursorDirection, keysetPage, keysetQuery } from '../../../src/pagination';
import { forEachDatabase } from '../../support/databases';
import { openSampleDatabase } from '../support/sample-database';
import { useSpecCursorKey } from '../support/sample-env';

// Twelve tasks over six milliseconds, two per millisecond, so ties on createdAt are broken by id.
const CREATED = Array.from({ length: 12 }, (_, i) => ({
  id: `task-${String(i).padStart(2, '0')}`,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, Math.floor(i / 2))).toISOString(),
}));
const NEWEST_FIRST = [...CREATED].reverse().map((task) => task.id);

describe('TasksRepository', () => {
  useSpecCursorKey();
  forEachDatabase((database) => {
    let close: () => Promise<void>;
    let tasks: TasksRepository;
    let ada: number;
    let bob: number;
    beforeEach(async () => {
      let db: SampleDatabase;
      ({ db, close } = await openSampleDatabase(database));
      tasks = new TasksRepository(db);
      const users = new UsersRepository(db);
      const base = { passwordHash: 'h', role: 'developer', permissions: [] };
      ada = (await users.create({ ...base, username: 'ada', email: 'ada@example.com' })).id;
      bob = (await users.create({ ...base, username: 'bob', email: 'bob@example.com' })).id;
      for (const [i, { id, createdAt }] of CREATED.entries()) {
        await tasks.create({
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
    afterEach(() => close());

    const walk = async (limit: number, direction: CursorDirection, cursor?: string) => {
      const plan = keysetQuery({ limit, direction, cursor }, tasks.order);
      return keysetPage(await tasks.seek(plan), plan);
    };
    const ids = (page: { data: Task[] }) => page.data.map((task) => task.id);

    it('reads a task with its assignee and creator', async () => {
      expect(await tasks.findById('task-00')).to.deep.include({
        title: 'Task 0',
        status: 'review',
        assignee: { id: ada, username: 'ada' },
        createdBy: { id: bob, username: 'bob' },
      });
    });

    it('pages forward newest first by (createdAt, id) and back again', async () => {
      const first = await walk(5, 'next');
      expect(ids(first)).to.deep.equal(NEWEST_FIRST.slice(0, 5));
      expect(first.meta).to.include({ hasPrev: false, hasNext: true });
      const second = await walk(5, 'next', first.meta.nextCursor!);
      expect(ids(second)).to.deep.equal(NEWEST_FIRST.slice(5, 10));
      const third = await walk(5, 'next', second.meta.nextCursor!);
      expect(ids(third)).to.deep.equal(NEWEST_FIRST.slice(10));
      expect(third.meta).to.include({ hasNext: false, nextCursor: null, hasPrev: true });
      const back = await walk(5, 'prev', third.meta.prevCursor!);
      expect(ids(back)).to.deep.equal(NEWEST_FIRST.slice(5, 10));
      const start = await walk(5, 'prev', back.meta.prevCursor!);
      expect(ids(start)).to.deep.equal(NEWEST_FIRST.slice(0, 5));
      expect(start.meta).to.include({ hasPrev: false, hasNext: true });
    });

    it('reads offset pages in the same order', async () => {
      expect((await tasks.page(5, 3)).map((task) => task.id)).to.deep.equal(NEWEST_FIRST.slice(5, 8));
    });

    it('counts tasks by status, every status present, overall or for one assignee', async () => {
      expect(await tasks.count()).to.equal(12);
      expect(await tasks.countByStatus()).to.deep.equal({ todo: 8, in_progress: 0, review: 4, done: 0 });
      expect(await tasks.countByStatus(ada)).to.deep.equal({ todo: 4, in_progress: 0, review: 2, done: 0 });
      expect(await tasks.countByStatus(bob)).to.deep.equal({ todo: 0, in_progress: 0, review: 0, done: 0 });
    });

    it('lists the newest tasks others assigned to a user', async () => {
      const recent = await tasks.recentlyAssignedTo(ada, 5);
      expect(recent.map((task) => task.id)).to.deep.equal(['task-04', 'task-02', 'task-00']);
    });

    it('reads the newest tasks of several assignees in one query: at most `limit` each, newest first', async () => {
      const later = ['2026-01-02T00:00:00.000Z', '2026-01-03T00:00:00.000Z', '2026-01-04T00:00:00.000Z'];
      for (const [i, createdAt] of later.entries()) {
        await tasks.create({
          id: `bob-${i}`,
          title: `Bob ${i}`,
          description: null,
          status: 'todo',
          assigneeId: bob,
          createdById: ada,
          createdAt,
        });
      }
      const ids = async (assignees: number[], limit: number) =>
        (await tasks.newestAssignedToEach(assignees, limit)).map((task) => task.id);
      expect(await ids([ada, bob, 999], 2)).to.deep.equal(['bob-2', 'bob-1', 'task-10', 'task-08']);
      expect(await ids([bob], 5)).to.deep.equal(['bob-2', 'bob-1', 'bob-0']);
      expect(await ids([], 5)).to.deep.equal([]);
      expect((await tasks.newestAssignedToEach([ada], 1))[0]).to.deep.equal(await tasks.findById('task-10'));
    });
  });
});
