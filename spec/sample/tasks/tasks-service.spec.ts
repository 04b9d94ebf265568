import { expect } from 'chai';
import sinon from 'sinon';
import type { NewTask, Task } from '../../../sample/tasks/task';
import { TasksRepository } from '../../../sample/tasks/tasks-repository';
import { TasksService } from '../../../sample/tasks/tasks-service';
import type { UserRecord } from '../../../sample/users/user';
import { UsersRepository } from '../../../sample/users/users-repository';
import { ForbiddenException, SubscriptionPublisher, ValidationException } from '../../../src';
import { useSpecCursorKey } from '../support/sample-env';

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
  let service: TasksService;
  beforeEach(() => {
    tasks = sinon.createStubInstance(TasksRepository);
    tasks.create.callsFake(asTask);
    Object.assign(tasks, { order: { keys: ['createdAt', 'id'], order: 'desc' } });
    users = sinon.createStubInstance(UsersRepository);
    events = sinon.createStubInstance(SubscriptionPublisher);
    events.publish.resolves();
    service = new TasksService(tasks, users, events);
  });

  describe('create', () => {
    it('stores a task created by the caller, with a uuid, the default status and an ISO time', () => {
      const before = Date.now();
      const task = service.create({ title: 'Write docs' }, CALLER);
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

    it('publishes the new task on taskCreated, for subscribers', () => {
      const task = service.create({ title: 'Tell everyone' }, CALLER);
      expect(events.publish.calledOnceWith('taskCreated', task)).to.equal(true);
    });

    it('with tasks.assign, assigns the task to an existing user', () => {
      users.findById.withArgs(2).returns({ id: 2 } as UserRecord);
      service.create({ title: 'x', status: 'in_progress', assigneeId: 2 }, ASSIGNER);
      expect(tasks.create.firstCall.args[0]).to.include({ assigneeId: 2, status: 'in_progress' });
    });

    it('without tasks.assign, assigns the task to the caller', () => {
      users.findById.withArgs(4).returns({ id: 4 } as UserRecord);
      service.create({ title: 'x', assigneeId: 4 }, CALLER);
      expect(tasks.create.firstCall.args[0]).to.include({ assigneeId: 4 });
    });

    it('without tasks.assign, refuses any other assignee with 403, known or not, without looking it up', () => {
      users.findById.withArgs(2).returns({ id: 2 } as UserRecord);
      for (const assigneeId of [2, 99]) {
        expect(() => service.create({ title: 'x', assigneeId }, CALLER))
          .to.throw(ForbiddenException)
          .that.includes({
            message: 'Asignar una tarea a otro usuario requiere el permiso tasks.assign',
            code: 'PERMISSION_MISSING',
          });
      }
      expect(users.findById.called).to.equal(false);
      expect(tasks.create.called).to.equal(false);
    });

    it('with tasks.assign, when the assignee does not exist, refuses with 422 on body.assigneeId', () => {
      expect(() => service.create({ title: 'x', assigneeId: 99 }, ASSIGNER))
        .to.throw(ValidationException)
        .with.property('details')
        .that.deep.equals([
          { path: 'body.assigneeId', message: 'El usuario asignado no existe', code: 'not_found' },
        ]);
      expect(tasks.create.called).to.equal(false);
      expect(events.publish.called).to.equal(false);
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

    it('with page, reads an offset page and the total', () => {
      tasks.page.withArgs(20, 10).returns([task('a', '2026-01-01T00:00:00.000Z')]);
      tasks.count.returns(21);
      expect(service.list({ page: 3 }).meta).to.include({
        page: 3,
        total: 21,
        totalPages: 3,
        from: 21,
        to: 21,
      });
    });

    it('without page, reads limit + 1 rows and gives a cursor to the next page', () => {
      tasks.seek.returns([
        task('c', '2026-01-03T00:00:00.000Z'),
        task('b', '2026-01-02T00:00:00.000Z'),
        task('a', '2026-01-01T00:00:00.000Z'),
      ]);
      const page = service.list({ limit: 2 });
      expect(page.data.map((t) => t.id)).to.deep.equal(['c', 'b']);
      expect(page.meta).to.include({ count: 2, hasNext: true, hasPrev: false, prevCursor: null });
      expect(page.meta).to.have.property('nextCursor').that.is.a('string');
    });

    it('with a forged cursor, throws 400 before reading', () => {
      expect(() => service.list({ cursor: 'forged.cursor' }))
        .to.throw()
        .with.property('statusCode', 400);
      expect(tasks.seek.called).to.equal(false);
    });
  });
});
