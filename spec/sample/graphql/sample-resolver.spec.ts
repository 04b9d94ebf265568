import { expect } from 'chai';
import sinon from 'sinon';
import { SampleResolver } from '../../../sample/graphql/sample-resolver';
import type { Task } from '../../../sample/tasks/task';
import { TasksService } from '../../../sample/tasks/tasks-service';
import { UsersService } from '../../../sample/users/users-service';
import { SubscriptionPublisher } from '../../../src';

const CALLER = { id: '3', username: 'manager', role: 'manager', permissions: [] };

describe('SampleResolver', () => {
  let users: sinon.SinonStubbedInstance<UsersService>;
  let tasks: sinon.SinonStubbedInstance<TasksService>;
  let events: sinon.SinonStubbedInstance<SubscriptionPublisher>;
  let resolver: SampleResolver;
  beforeEach(async () => {
    users = sinon.createStubInstance(UsersService);
    tasks = sinon.createStubInstance(TasksService);
    events = sinon.createStubInstance(SubscriptionPublisher);
    resolver = new SampleResolver(users, tasks, events);
  });

  it('me: the caller as stored, without creation time', async () => {
    users.get.withArgs(3).resolves({
      id: 3,
      username: 'manager',
      email: 'm@example.com',
      role: 'manager',
      permissions: ['users.read'],
      createdAt: 'x',
    });
    expect(await resolver.me(CALLER)).to.deep.equal({
      id: 3,
      username: 'manager',
      email: 'm@example.com',
      role: 'manager',
      permissions: ['users.read'],
    });
  });

  it('users: the offset page asked for', async () => {
    resolver.users(2, 5);
    expect(users.list.calledOnceWith({ page: 2, limit: 5 })).to.equal(true);
  });

  it('tasks: a cursor page with the given limit, cursor and direction', async () => {
    resolver.tasks(5, 'c', 'prev');
    expect(tasks.list.calledOnceWith({ limit: 5, cursor: 'c', direction: 'prev' })).to.equal(true);
  });

  it('createTask: creates on behalf of the caller', async () => {
    const task = { id: 't' } as Task;
    tasks.create.resolves(task);
    expect(await resolver.createTask({ title: 'x' }, CALLER)).to.equal(task);
    expect(tasks.create.calledOnceWith({ title: 'x' }, CALLER)).to.equal(true);
  });

  it('taskCreated: the stream of the taskCreated topic', async () => {
    const stream = {} as AsyncIterableIterator<unknown>;
    events.subscribe.returns(stream);
    expect(resolver.taskCreated()).to.equal(stream);
    expect(events.subscribe.calledOnceWith('taskCreated')).to.equal(true);
  });
});
