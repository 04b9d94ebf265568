import { expect } from 'chai';
import sinon from 'sinon';
import type { Task } from '../../../sample/tasks/task';
import { TasksController } from '../../../sample/tasks/tasks-controller';
import { TasksRepository } from '../../../sample/tasks/tasks-repository';
import { TasksService } from '../../../sample/tasks/tasks-service';

const CALLER = { id: 4, username: 'developer', role: 'developer', permissions: ['tasks.create'] };

describe('TasksController', () => {
  let tasks: sinon.SinonStubbedInstance<TasksService>;
  let repository: sinon.SinonStubbedInstance<TasksRepository>;
  let controller: TasksController;
  beforeEach(() => {
    tasks = sinon.createStubInstance(TasksService);
    repository = sinon.createStubInstance(TasksRepository);
    controller = new TasksController(tasks, repository);
  });

  it('creates the task on behalf of the caller and gives its Location', async () => {
    const task = { id: 't 1', title: 'x' } as Task;
    tasks.create.returns(task);
    const headers: Record<string, string> = {};
    expect(await controller.createTask({ title: 'x' }, CALLER, headers)).to.equal(task);
    expect(tasks.create.calledOnceWith({ title: 'x' }, CALLER)).to.equal(true);
    expect(headers).to.deep.equal({ Location: '/tasks/t%201' });
  });

  it('answers one task, or 404 when there is none', async () => {
    const task = { id: 't1', title: 'x' } as Task;
    repository.findById.withArgs('t1').returns(task);
    expect(await controller.getTask('t1')).to.equal(task);
    const err = await controller.getTask('t2').then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(err).to.include({ statusCode: 404, message: 'Tarea no encontrada', code: 'NOT_FOUND' });
  });

  it('lists with the validated query', () => {
    const page = {
      data: [],
      meta: { count: 0, hasNext: false, hasPrev: false, nextCursor: null, prevCursor: null },
    };
    tasks.list.returns(page);
    expect(controller.listTasks({ direction: 'prev', cursor: 'c' })).to.equal(page);
    expect(tasks.list.calledOnceWith({ direction: 'prev', cursor: 'c' })).to.equal(true);
  });
});
