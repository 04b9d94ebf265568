import { expect } from 'chai';
import sinon from 'sinon';
import { DashboardService } from '../../../sample/dashboard/dashboard-service';
import { DatabaseHealth } from '../../../sample/database/database-health';
import { TasksRepository } from '../../../sample/tasks/tasks-repository';
import { UsersRepository } from '../../../sample/users/users-repository';

const who = (id: number, role: string) => ({ id, username: role, role, permissions: [] });
const COUNTS = { todo: 3, in_progress: 2, review: 4, done: 5 };

describe('DashboardService', () => {
  let users: sinon.SinonStubbedInstance<UsersRepository>;
  let tasks: sinon.SinonStubbedInstance<TasksRepository>;
  let health: sinon.SinonStubbedInstance<DatabaseHealth>;
  let service: DashboardService;
  beforeEach(async () => {
    users = sinon.createStubInstance(UsersRepository);
    users.count.resolves(12);
    users.countByRole.resolves({ admin: 1, manager: 2, team_lead: 3, developer: 4, viewer: 2 });
    tasks = sinon.createStubInstance(TasksRepository);
    tasks.count.resolves(14);
    tasks.countByStatus.resolves(COUNTS);
    health = sinon.createStubInstance(DatabaseHealth);
    health.isUp.resolves(true);
    service = new DashboardService(users, tasks, health);
  });

  describe('for an admin', () => {
    it('shows the system figures read from the repositories, and its health', async () => {
      const dashboard = await service.forUser(who(1, 'admin'));
      expect(dashboard.user).to.deep.equal({ id: 1, username: 'admin', role: 'admin' });
      expect(dashboard.adminStats).to.deep.include({ totalUsers: 12, totalTasks: 14, tasksByStatus: COUNTS });
      expect(dashboard.adminStats!.usersByRole).to.include({ developer: 4 });
      expect(dashboard.systemHealth).to.include({ status: 'ok', database: 'ok' });
      expect(dashboard).to.not.have.any.keys('teamStats', 'myTasks');
    });

    it('when the database does not answer, reports the system as degraded', async () => {
      health.isUp.resolves(false);
      expect((await service.forUser(who(1, 'admin'))).systemHealth).to.include({
        status: 'degraded',
        database: 'unreachable',
      });
    });
  });

  describe('for a manager', () => {
    it('shows the team and the tasks waiting for review', async () => {
      const dashboard = await service.forUser(who(2, 'manager'));
      expect(dashboard.teamStats).to.deep.equal({ members: 9, tasksByStatus: COUNTS, openTasks: 9 });
      expect(dashboard.pendingApprovals).to.equal(4);
      expect(dashboard).to.not.have.any.keys('adminStats', 'myTasks');
    });
  });

  describe('for anyone else', () => {
    it("shows the caller's own tasks and the latest ones others assigned to them", async () => {
      tasks.countByStatus.withArgs(4).resolves({ todo: 1, in_progress: 1, review: 0, done: 0 });
      tasks.recentlyAssignedTo.withArgs(4, 5).resolves([
        {
          id: 't1',
          title: 'Fix it',
          description: null,
          status: 'todo',
          assignee: { id: 4, username: 'developer' },
          createdBy: { id: 2, username: 'manager' },
          createdAt: '2026-01-01T00:00:00.000Z',
        },
      ]);
      const dashboard = await service.forUser(who(4, 'developer'));
      expect(dashboard.myTasks).to.deep.equal({
        total: 2,
        byStatus: { todo: 1, in_progress: 1, review: 0, done: 0 },
      });
      expect(dashboard.notifications).to.deep.equal([
        {
          type: 'task_assigned',
          taskId: 't1',
          title: 'Fix it',
          from: 'manager',
          at: '2026-01-01T00:00:00.000Z',
        },
      ]);
      expect(dashboard).to.not.have.any.keys('adminStats', 'teamStats');
    });
  });

  describe('adminStats', () => {
    it('gives users, tasks and whole seconds of uptime', async () => {
      const stats = await service.adminStats();
      expect(stats).to.include({ totalUsers: 12, totalTasks: 14 });
      expect(stats.systemUptime).to.be.a('number').and.satisfy(Number.isInteger);
    });
  });
});
