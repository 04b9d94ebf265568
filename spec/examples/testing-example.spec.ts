import { expect } from 'chai';
import sinon from 'sinon';
import {
  Auth,
  type AuthenticatedUser,
  Controller,
  CurrentUser,
  Get,
  Injectable,
  MinimumRole,
  REFERENCE_PERMISSIONS,
  REFERENCE_ROLES,
} from 'trellis';
import { asUser, closeTestApps, createTestApp, overrideGuard } from 'trellis/testing';

@Injectable()
class ReportService {
  totals(): { open: number } {
    throw new Error('reads the database');
  }
}

@Controller('/reports')
@Auth()
class ReportsController {
  constructor(private readonly reports: ReportService) {}

  @Get()
  @MinimumRole('manager')
  totals(@CurrentUser() user: AuthenticatedUser) {
    return { ...this.reports.totals(), for: user.username };
  }
}

const noUsers = {
  findByCredentials: async () => null,
  findById: async () => null,
  hashPassword: async (password: string) => password,
  verifyPassword: async () => false,
};

function reportsApp() {
  const app = createTestApp({ controllers: [ReportsController], providers: [ReportService] });
  app.install('auth', {
    jwt: { secret: 'a-test-secret-of-32-characters-or-more', accessTokenTTL: 60, refreshTokenTTL: 120 },
    userProvider: noUsers,
  });
  app.install('rbac', { roles: REFERENCE_ROLES, permissions: REFERENCE_PERMISSIONS });
  // The service is a sinon stub: no database in a unit test.
  app.override(ReportService, { totals: sinon.stub().returns({ open: 3 }) });
  return app;
}

describe('GET /reports', () => {
  afterEach(async () => {
    sinon.restore();
    await closeTestApps(); // every app createTestApp made, closed
  });

  it('answers a manager with the totals', async () => {
    const app = reportsApp();
    const headers = await asUser(app, { username: 'ada', role: 'manager' });
    const res = await app.inject({ method: 'GET', url: '/reports', headers });
    expect(res.statusCode).to.equal(200);
    expect(res.json()).to.deep.equal({ open: 3, for: 'ada' });
  });

  it('refuses a viewer with 403 and an anonymous caller with 401', async () => {
    const app = reportsApp();
    const viewer = await asUser(app, { role: 'viewer' });
    expect((await app.inject({ method: 'GET', url: '/reports', headers: viewer })).statusCode).to.equal(403);
    expect((await app.inject({ method: 'GET', url: '/reports' })).statusCode).to.equal(401);
  });

  it('lets a viewer through once the role guard is replaced', async () => {
    const app = overrideGuard(reportsApp(), 'minimumRole');
    const viewer = await asUser(app, { role: 'viewer' });
    expect((await app.inject({ method: 'GET', url: '/reports', headers: viewer })).statusCode).to.equal(200);
  });
});
