import { expect } from 'chai';
import request from 'supertest';
import { forEachEngine } from '../../support/engines';
import { type SampleServer, startSample } from '../support/sample-server';

describe('sample /dashboard', () => {
  forEachEngine((engine) => {
    let sample: SampleServer;
    const tokens: Record<string, string> = {};
    before(async () => {
      sample = await startSample(engine);
      for (const role of ['admin', 'manager', 'developer', 'viewer']) tokens[role] = await sample.token(role);
    });
    after(() => sample.close());

    const dashboard = (role: string) =>
      request(sample.url).get('/dashboard/').auth(tokens[role], { type: 'bearer' }).expect(200);
    const createTask = (role: string, body: object) =>
      request(sample.url).post('/tasks').auth(tokens[role], { type: 'bearer' }).send(body).expect(201);

    it('for an admin, shows figures that follow the database', async () => {
      const before = (await dashboard('admin')).body;
      expect(before.user).to.deep.equal({ id: 1, username: 'admin', role: 'admin' });
      expect(before.adminStats).to.include({ totalUsers: 5 });
      expect(before.systemHealth).to.include({ status: 'ok', database: 'ok' });
      await createTask('manager', { title: 'New' });
      await request(sample.url)
        .post('/auth/register')
        .send({ username: 'someone', email: 'someone@example.com', password: 'secret-1' })
        .expect(201);
      const after = (await dashboard('admin')).body;
      expect(after.adminStats.totalUsers).to.equal(before.adminStats.totalUsers + 1);
      expect(after.adminStats.totalTasks).to.equal(before.adminStats.totalTasks + 1);
      expect(after.adminStats.usersByRole.viewer).to.equal(before.adminStats.usersByRole.viewer + 1);
    });

    it('for a manager, shows the team and counts tasks waiting for review', async () => {
      const before = (await dashboard('manager')).body;
      expect(before).to.have.all.keys('user', 'teamStats', 'pendingApprovals');
      await createTask('manager', { title: 'Check me', status: 'review' });
      const after = (await dashboard('manager')).body;
      expect(after.pendingApprovals).to.equal(before.pendingApprovals + 1);
      expect(after.teamStats.openTasks).to.equal(before.teamStats.openTasks + 1);
    });

    it('for a developer, shows their own tasks and who assigned them', async () => {
      await createTask('manager', { title: 'Fix the build', assigneeId: 4 });
      await createTask('developer', { title: 'Self-assigned', assigneeId: 4, status: 'in_progress' });
      const body = (await dashboard('developer')).body;
      expect(body).to.have.all.keys('user', 'myTasks', 'notifications');
      expect(body.myTasks).to.deep.equal({
        total: 2,
        byStatus: { todo: 1, in_progress: 1, review: 0, done: 0 },
      });
      expect(body.notifications).to.have.length(1);
      expect(body.notifications[0]).to.include({
        type: 'task_assigned',
        title: 'Fix the build',
        from: 'manager',
      });
    });

    it('for a viewer with nothing assigned, shows zeros, not made-up figures', async () => {
      const body = (await dashboard('viewer')).body;
      expect(body.myTasks.total).to.equal(0);
      expect(body.notifications).to.deep.equal([]);
    });

    it('GET /dashboard/admin-stats gives users, tasks and uptime to admins only', async () => {
      const res = await request(sample.url)
        .get('/dashboard/admin-stats')
        .auth(tokens.admin, { type: 'bearer' })
        .expect(200);
      expect(res.body).to.have.all.keys('totalUsers', 'totalTasks', 'systemUptime');
      expect(res.body.totalUsers).to.equal(6);
      await request(sample.url)
        .get('/dashboard/admin-stats')
        .auth(tokens.manager, { type: 'bearer' })
        .expect(403);
    });

    it('without a token, answers 401', async () => {
      await request(sample.url).get('/dashboard/').expect(401);
    });
  });
});
