import { expect } from 'chai';
import sinon from 'sinon';
import type { Task } from '../../../sample/tasks/task';
import { TasksController } from '../../../sample/tasks/tasks-controller';
import { TasksService } from '../../../sample/tasks/tasks-service';

const CALLER = { id: 4, username: 'developer', role: 'developer', permissions: ['tasks.create'] };

describe('TasksController', () => {
  let tasks: sinon.SinonStubbedInstance<TasksService>;
  let controller: TasksController;
  beforeEach(async () => {
    tasks = sinon.createStubInstance(TasksService);
    controller = new TasksController(tasks);
  });

  it('creates the task on behalf of the caller', async () => {
    const task = { id: 't1', title: 'x' } as Task;
    tasks.create.resolves(task);
    expect(await controller.create({ title: 'x' }, CALLER)).to.equal(task);
    expect(tasks.create.calledOnceWith({ title: 'x' }, CALLER)).to.equal(true);
  });

  it('lists with the validated query', async () => {
    const page = {
      data: [],
      meta: { count: 0, hasNext: false, hasPrev: false, nextCursor: null, prevCursor: null },
    };
    tasks.list.resolves(page);
    expect(await controller.list({ direction: 'prev', cursor: 'c' })).to.equal(page);
    expect(tasks.list.calledOnceWith({ direction: 'prev', cursor: 'c' })).to.equal(true);
  });
});
