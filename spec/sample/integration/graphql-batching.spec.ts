import { expect } from 'chai';
import sinon from 'sinon';
import request from 'supertest';
import { TasksRepository } from '../../../sample/tasks/tasks-repository';
import { UsersRepository } from '../../../sample/users/users-repository';
import { forEachEngine } from '../../support/engines';
import { type SampleServer, startSample } from '../support/sample-server';

// The demo users, by id: admin 1, manager 2, team_lead 3, developer 4, viewer 5.
const ASSIGNEES = [2, 3, 4, 5];
const TASKS = 12;

describe('sample /graphql: related records cost one query per request', () => {
  forEachEngine((engine) => {
    let sample: SampleServer;
    let manager: string;
    let usersByIds: sinon.SinonSpy;
    let tasksByAssignees: sinon.SinonSpy;
    const graphql = (query: string) =>
      request(sample.url).post('/graphql').auth(manager, { type: 'bearer' }).send({ query }).expect(200);

    before(async () => {
      sample = await startSample(engine);
      manager = await sample.token('manager');
      for (let n = 0; n < TASKS; n++) {
        await request(sample.url)
          .post('/tasks')
          .auth(manager, { type: 'bearer' })
          .send({ title: `Task ${n}`, assigneeId: ASSIGNEES[n % ASSIGNEES.length] })
          .expect(201);
      }
    });
    after(() => sample.close());
    beforeEach(() => {
      usersByIds = sinon.spy(UsersRepository.prototype, 'findByIds');
      tasksByAssignees = sinon.spy(TasksRepository.prototype, 'newestAssignedToEach');
    });
    afterEach(() => sinon.restore());

    it('Task.assignee: every assignee of a page of tasks in one query', async () => {
      const res = await graphql('{ tasks(limit: 20) { data { title assignee { id username role } } } }');
      const rows = res.body.data.tasks.data as {
        title: string;
        assignee: { id: number; username: string; role: string };
      }[];
      expect(rows).to.have.length(TASKS);
      for (const row of rows) {
        const n = Number(row.title.split(' ')[1]);
        expect(row.assignee.id).to.equal(ASSIGNEES[n % ASSIGNEES.length]);
        expect(row.assignee.role).to.equal(row.assignee.username);
      }
      expect(usersByIds.callCount).to.equal(1);
      expect([...usersByIds.firstCall.args[0]].sort()).to.deep.equal(ASSIGNEES);
    });

    it('User.tasks: every user of a page with their tasks in one query, and their assignees in one more', async () => {
      const res = await graphql('{ users(limit: 5) { data { id tasks { title assignee { id } } } } }');
      const users = res.body.data.users.data as {
        id: number;
        tasks: { title: string; assignee: { id: number } }[];
      }[];
      expect(users.map((user) => user.id)).to.deep.equal([1, 2, 3, 4, 5]);
      for (const user of users) {
        expect(user.tasks).to.have.length(ASSIGNEES.includes(user.id) ? TASKS / ASSIGNEES.length : 0);
        for (const task of user.tasks) expect(task.assignee.id).to.equal(user.id);
      }
      expect(tasksByAssignees.callCount).to.equal(1);
      expect(usersByIds.callCount).to.equal(1);
    });

    it('caches nothing across requests: each request queries again', async () => {
      await graphql('{ tasks(limit: 5) { data { assignee { id } } } }');
      await graphql('{ tasks(limit: 5) { data { assignee { id } } } }');
      expect(usersByIds.callCount).to.equal(2);
    });
  });
});
