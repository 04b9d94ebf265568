import { expect } from 'chai';
import sinon from 'sinon';
import { DashboardController } from '../../../sample/dashboard/dashboard-controller';
import { DashboardService } from '../../../sample/dashboard/dashboard-service';

describe('DashboardController', () => {
  it("shows the caller's dashboard and the admin figures from the service", async () => {
    const service = sinon.createStubInstance(DashboardService);
    const caller = { id: 1, username: 'admin', role: 'admin', permissions: [] };
    const dashboard = { user: { id: 1, username: 'admin', role: 'admin' } };
    const stats = { totalUsers: 1, totalTasks: 2, systemUptime: 3 };
    service.forUser.withArgs(caller).resolves(dashboard);
    service.adminStats.resolves(stats);
    const controller = new DashboardController(service);
    expect(await controller.show(caller)).to.equal(dashboard);
    expect(await controller.adminStats()).to.equal(stats);
  });
});
