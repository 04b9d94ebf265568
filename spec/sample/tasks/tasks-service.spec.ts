import { expect } from 'chai';
import sinon from 'sinon';
import type { NewTask, Task } from '../../../sample/tasks/task';
import { TaskFeed } from '../../../sample/tasks/task-feed';
import { TasksRepository } from '../../../sample/tasks/tasks-repository';
import { TasksService } from '../../../sample/tasks/tasks-service';
import type { UserRecord } from '../../../sample/users/user';
import { UsersRepository } from '../../../sample/users/users-repository';
import { ForbiddenException, SubscriptionPublisher, ValidationException } from '../../../src';
import { useSpecCursorKey } from '../support/sample-env';

/** What `promise` rejects with; fails the spec when it resolves. */
const failureOf = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => expect.fail('expected a rejection'),
    (err: unknown) => err,
  );

const CALLER = { id: 4, username: 'developer', role: 'developer', permissions: ['tasks.create'] };
const ASSIGNER = {
  id: 3,
  username: 'team_lead',
  role: 'team_lead',
  permissions: ['tasks.create', 'tasks.assign'],
};
const asTask = (task: NewTask): Task => ({
  id: task.id,
  title: task.title,
  description: task.description,
  status: task.status,
  assignee: task.assigneeId === null ? null : { id: task.assigneeId, username: 'someone' },
  createdBy: { id: task.createdById, username: 'developer' },
  createdAt: task.createdAt,
});

describe('TasksService', () => {
  useSpecCursorKey();
  let tasks: sinon.SinonStubbedInstance<TasksRepository>;
  let users: sinon.SinonStubbedInstance<UsersRepository>;
  let events: sinon.SinonStubbedInstance<SubscriptionPublisher>;
  let feed: sinon.SinonStubbedInstance<TaskFeed>;
  let service: TasksService;
  beforeEach(async () => {
    tasks = sinon.createStubInstance(TasksRepository);
    tasks.create.callsFake(async (task) => asTask(task));
    Object.assign(tasks, { order: { keys: ['createdAt', 'id'], order: 'desc' } });
    users = sinon.createStubInstance(UsersRepository);
    events = sinon.createStubInstance(SubscriptionPublisher);
    events.publish.resolves();
    feed = sinon.createStubInstance(TaskFeed);
    feed.created.resolves();
    service = new TasksService(tasks, users, events, feed);
  });

  describe('create', () => {
    it('stores a task created by the caller, with a uuid, the default status and an ISO time', async () => {
      const before = Date.now();
      const task = await service.create({ title: 'Write docs' }, CALLER);
      const stored = tasks.create.firstCall.args[0];
      expect(stored).to.include({
        title: 'Write docs',
        description: null,
        status: 'todo',
        assigneeId: null,
        createdById: 4,
      });
      expect(stored.id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(Date.parse(stored.createdAt)).to.be.within(before, Date.now());
      expect(task.createdBy).to.deep.equal({ id: 4, username: 'developer' });
    });

    it('publishes the new task on taskCreated, for subscribers', async () => {
      const task = await service.create({ title: 'Tell everyone' }, CALLER);
      expect(events.publish.calledOnceWith('taskCreated', task)).to.equal(true);
    });

    it('adds the new task to the task feed, for server-sent event streams', async () => {
      const task = await service.create({ title: 'Tell every stream' }, CALLER);
      expect(feed.created.calledOnceWith(task)).to.equal(true);
    });

    it('answers even when the feed cannot take the task (Redis down)', async () => {
      feed.created.rejects(new Error('Redis down'));
      const task = await service.create({ title: 'Still created' }, CALLER);
      expect(task.title).to.equal('Still created');
      await new Promise((resolve) => setImmediate(resolve));
    });

    it('with tasks.assign, assigns the task to an existing user', async () => {
      users.findById.withArgs(2).resolves({ id: 2 } as UserRecord);
      await service.create({ title: 'x', status: 'in_progress', assigneeId: 2 }, ASSIGNER);
      expect(tasks.create.firstCall.args[0]).to.include({ assigneeId: 2, status: 'in_progress' });
    });

    it('without tasks.assign, assigns the task to the caller', async () => {
      users.findById.withArgs(4).resolves({ id: 4 } as UserRecord);
      await service.create({ title: 'x', assigneeId: 4 }, CALLER);
      expect(tasks.create.firstCall.args[0]).to.include({ assigneeId: 4 });
    });

    it('without tasks.assign, refuses any other assignee with 403, known or not, without looking it up', async () => {
      users.findById.withArgs(2).resolves({ id: 2 } as UserRecord);
      for (const assigneeId of [2, 99]) {
        expect(await failureOf(service.create({ title: 'x', assigneeId }, CALLER)))
          .to.be.instanceOf(ForbiddenException)
          .that.includes({
            message: 'Asignar una tarea a otro usuario requiere el permiso tasks.assign',
            code: 'PERMISSION_MISSING',
          });
      }
      expect(users.findById.called).to.equal(false);
      expect(tasks.create.called).to.equal(false);
    });

    it('with tasks.assign, when the assignee does not exist, refuses with 422 on body.assigneeId', async () => {
      expect(await failureOf(service.create({ title: 'x', assigneeId: 99 }, ASSIGNER)))
        .to.be.instanceOf(ValidationException)
        .with.property('details')
        .that.deep.equals([
          { path: 'body.assigneeId', message: 'El usuario asignado no existe', code: 'not_found' },
        ]);
      expect(tasks.create.called).to.equal(false);
      expect(events.publish.called).to.equal(false);
      expect(feed.created.called).to.equal(false);
    });
  });

  describe('list', () => {
    const task = (id: string, createdAt: string) =>
      asTask({
        id,
        title: id,
        description: null,
        status: 'todo',
        assigneeId: null,
        createdById: 1,
        createdAt,
      });

    it('with page, reads an offset page and the total', async () => {
      tasks.page.withArgs(20, 10).resolves([task('a', '2026-01-01T00:00:00.000Z')]);
      tasks.count.resolves(21);
      expect((await service.list({ page: 3 })).meta).to.include({
        page: 3,
        total: 21,
        totalPages: 3,
        from: 21,
        to: 21,
      });
    });

    it('without page, reads limit + 1 rows and gives a cursor to the next page', async () => {
      tasks.seek.resolves([
        task('c', '2026-01-03T00:00:00.000Z'),
        task('b', '2026-01-02T00:00:00.000Z'),
        task('a', '2026-01-01T00:00:00.000Z'),
      ]);
      const page = await service.list({ limit: 2 });
      expect(page.data.map((t) => t.id)).to.deep.equal(['c', 'b']);
      expect(page.meta).to.include({ count: 2, hasNext: true, hasPrev: false, prevCursor: null });
      expect(page.meta).to.have.property('nextCursor').that.is.a('string');
    });

    it('with a forged cursor, throws 400 before reading', async () => {
      expect(await failureOf(service.list({ cursor: 'forged.cursor' })))
        .to.be.an.instanceOf(Error)
        .with.property('statusCode', 400);
      expect(tasks.seek.called).to.equal(false);
    });
  });
});
