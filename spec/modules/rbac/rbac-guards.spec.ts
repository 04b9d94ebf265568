import { expect } from 'chai';
import request from 'supertest';
import { AuthService } from '../../../modules/auth';
import type { AuthenticatedUser } from '../../../modules/auth/caller';
import { MinimumRole, Permissions } from '../../../modules/rbac';
import { REFERENCE_PERMISSIONS, REFERENCE_ROLES } from '../../../modules/reference';
import { Controller, Delete, Get, Post } from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { authApp, bearer, type StubbedUsers, stubUsers } from '../auth/auth-fixtures';

@Controller('/tasks')
class TasksController {
  @Get()
  @Permissions('tasks.read')
  list() {
    return { tasks: [] };
  }

  @Post('/assign')
  @Permissions('tasks.read', 'tasks.assign')
  assign() {
    return { assigned: true };
  }

  @Get('/report')
  @MinimumRole('team_lead')
  report() {
    return { report: true };
  }

  @Delete('/:id')
  @MinimumRole('manager')
  @Permissions('tasks.delete')
  remove() {
    return undefined;
  }
}

@Controller('/admin')
@MinimumRole('admin')
class AdminController {
  @Get('/stats')
  stats() {
    return { stats: true };
  }

  @Get('/audit')
  @Permissions('admin.analytics')
  audit() {
    return { audit: true };
  }
}

@Controller('/teams')
@MinimumRole('developer')
@Permissions('teams.read')
class TeamsController {
  @Get()
  list() {
    return { teams: [] };
  }

  @Post('/members')
  @MinimumRole('manager')
  @Permissions('teams.add_member')
  addMember() {
    return { added: true };
  }
}

const user = (id: number, role: string, permissions: string[]): AuthenticatedUser => ({
  id,
  username: role,
  email: `${role}@example.com`,
  role,
  permissions,
});
const tasks = (...names: string[]) => names.map((name) => `tasks.${name}`);
const USERS = {
  admin: user(1, 'admin', [...REFERENCE_PERMISSIONS]),
  manager: user(2, 'manager', [
    ...['create', 'read', 'update', 'delete'].map((name) => `users.${name}`),
    ...tasks('create', 'read', 'update', 'delete', 'complete', 'assign'),
    ...REFERENCE_PERMISSIONS.filter((name) => name.startsWith('teams.')),
  ]),
  team_lead: user(3, 'team_lead', [
    ...tasks('create', 'read', 'update', 'delete', 'complete', 'assign'),
    'teams.read',
    'teams.add_member',
    'teams.remove_member',
  ]),
  developer: user(4, 'developer', tasks('create', 'read', 'update', 'complete')),
  viewer: user(5, 'viewer', tasks('read')),
  intern: user(6, 'intern', tasks('read')),
};
type Name = keyof typeof USERS;

describe('rbac: MinimumRole() and Permissions()', () => {
  forEachEngine((engine) => {
    let users: StubbedUsers;
    let served: Served;
    const tokens = {} as Record<Name, string>;

    before(async () => {
      users = await stubUsers(Object.values(USERS));
      const app = authApp(engine, users, {}, [TasksController, AdminController, TeamsController]).install(
        'rbac',
        {
          roles: REFERENCE_ROLES,
          permissions: REFERENCE_PERMISSIONS,
        },
      );
      served = await serve(app);
      const auth = app.container.get(AuthService);
      for (const name of Object.keys(USERS) as Name[])
        tokens[name] = (await auth.generateTokens(USERS[name])).accessToken;
    });
    after(() => served.close());

    const call = (method: 'get' | 'post' | 'delete', path: string, as?: Name) => {
      const req = request(served.url)[method](path);
      return as ? req.set('authorization', bearer(tokens[as])) : req;
    };
    const statuses = async (method: 'get' | 'post' | 'delete', path: string) => {
      const result: Record<string, number> = {};
      for (const name of Object.keys(USERS) as Name[]) result[name] = (await call(method, path, name)).status;
      return result;
    };

    it('when there is no valid token, it answers 401 before any role or permission check', async () => {
      const res = await call('get', '/admin/stats');
      expect(res.status).to.equal(401);
      expect(res.body.message).to.equal('Token no proporcionado');
      await request(served.url).get('/tasks').set('authorization', 'Bearer nope').expect(401);
    });

    it('MinimumRole passes at the role level and above, and answers 403 JSON below', async () => {
      expect(await statuses('get', '/tasks/report')).to.deep.equal({
        admin: 200,
        manager: 200,
        team_lead: 200,
        developer: 403,
        viewer: 403,
        intern: 403,
      });
      const res = await call('get', '/tasks/report', 'developer');
      expect(res.headers['content-type']).to.match(/application\/json/);
      expect(res.body).to.deep.equal({
        statusCode: 403,
        error: 'Forbidden',
        message: 'Rol insuficiente',
        code: 'ROLE_TOO_LOW',
      });
    });

    it('Permissions needs every permission named', async () => {
      expect(await statuses('get', '/tasks')).to.include({ viewer: 200, developer: 200, intern: 200 });
      expect(await statuses('post', '/tasks/assign')).to.deep.equal({
        admin: 201,
        manager: 201,
        team_lead: 201,
        developer: 403,
        viewer: 403,
        intern: 403,
      });
      const res = await call('post', '/tasks/assign', 'viewer');
      expect(res.body).to.deep.equal({
        statusCode: 403,
        error: 'Forbidden',
        message: 'Permisos insuficientes',
        code: 'PERMISSION_MISSING',
      });
    });

    it('both on one route: both must pass', async () => {
      // team_lead holds tasks.delete but is below manager; manager and admin have both.
      expect(await statuses('delete', '/tasks/7')).to.deep.equal({
        admin: 204,
        manager: 204,
        team_lead: 403,
        developer: 403,
        viewer: 403,
        intern: 403,
      });
    });

    it('on a class, it guards every method, together with the method guards', async () => {
      expect((await statuses('get', '/admin/stats')).manager).to.equal(403);
      await call('get', '/admin/stats', 'admin').expect(200);
      await call('get', '/admin/audit', 'admin').expect(200);
    });

    it('on a class and a method, the higher role and every permission are required', async () => {
      expect(await statuses('get', '/teams')).to.deep.equal({
        admin: 200,
        manager: 200,
        team_lead: 200,
        developer: 403,
        viewer: 403,
        intern: 403,
      });
      expect(await statuses('post', '/teams/members')).to.deep.equal({
        admin: 201,
        manager: 201,
        team_lead: 403,
        developer: 403,
        viewer: 403,
        intern: 403,
      });
    });

    it('when the caller has a role the module does not know, it reaches no level', async () => {
      const res = await call('get', '/tasks/report', 'intern');
      expect(res.status).to.equal(403);
    });
  });
});
