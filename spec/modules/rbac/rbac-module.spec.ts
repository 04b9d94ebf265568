import { expect } from 'chai';
import { MinimumRole, Permissions, RbacService } from '../../../modules/rbac';
import { REFERENCE_PERMISSIONS, REFERENCE_ROLES } from '../../../modules/reference';
import { Controller, Get } from '../../../src';
import { createApp } from '../../../src/app/create-app';
import { forEachEngine } from '../../support/engines';
import { expectThrowsCode } from '../../support/expect-code';
import { authApp, stubUsers } from '../auth/auth-fixtures';

const reference = { roles: REFERENCE_ROLES, permissions: REFERENCE_PERMISSIONS };

@Controller('/typo-role')
class TypoRoleController {
  @Get()
  @MinimumRole('superuser')
  index() {
    return {};
  }
}

@Controller('/typo-permission')
@Permissions('tasks.read')
class TypoPermissionController {
  @Get()
  @Permissions('tasks.raed')
  index() {
    return {};
  }
}

@Controller('/guarded')
class GuardedController {
  @Get()
  @MinimumRole('viewer')
  index() {
    return {};
  }
}

describe('rbac: configuration', () => {
  forEachEngine((engine) => {
    const readyError = async (app: ReturnType<typeof createApp>) => {
      const error = await app.ready().then(
        () => undefined,
        (err: Error) => err,
      );
      await app.close();
      expect(error, 'ready() should reject').to.be.instanceOf(Error);
      return (error as Error).message;
    };

    it('when MinimumRole names an unknown role, ready() rejects naming class.method', async () => {
      const app = authApp(engine, await stubUsers(), {}, [TypoRoleController]).install('rbac', reference);
      const message = await readyError(app);
      expect(message).to.include("MinimumRole('superuser')").and.include('TypoRoleController.index');
    });

    it('when Permissions names an unknown permission, ready() rejects naming class.method', async () => {
      const app = authApp(engine, await stubUsers(), {}, [TypoPermissionController]).install(
        'rbac',
        reference,
      );
      const message = await readyError(app);
      expect(message).to.include("'tasks.raed'").and.include('TypoPermissionController.index');
      expect(message).not.to.include("'tasks.read'");
    });

    it('when the rbac module is missing, ready() rejects naming class.method', async () => {
      const app = authApp(engine, await stubUsers(), {}, [GuardedController]);
      const message = await readyError(app);
      expect(message).to.include('GuardedController.index').and.include("'rbac'");
    });

    it('when the auth module is missing, ready() rejects: roles need an authenticated caller', async () => {
      const app = createApp({ engine, controllers: [GuardedController] }).install('rbac', reference);
      const message = await readyError(app);
      expect(message).to.include('GuardedController.index').and.include("'auth'");
    });
  });

  it('when the options are inconsistent, it refuses to install', () => {
    const install = (options: object) => () => createApp().install('rbac', options as never);
    expect(
      expectThrowsCode(install({ roles: REFERENCE_ROLES }), 'TRELLIS_ERR_INVALID_OPTION').message,
    ).to.equal('rbac.permissions: expected array, received undefined');
    const twice = { ...reference, roles: [...REFERENCE_ROLES, REFERENCE_ROLES[0]] };
    expect(expectThrowsCode(install(twice), 'TRELLIS_ERR_INVALID_OPTION').message).to.match(
      /^rbac\.roles: .*'admin'/,
    );
    const wordy = { ...reference, roles: [{ name: 'x', level: 'high', description: '' }] };
    expect(expectThrowsCode(install(wordy), 'TRELLIS_ERR_INVALID_OPTION').message).to.match(
      /^rbac\.roles\[0\]\.level: expected number/,
    );
    expect(
      expectThrowsCode(install({ ...reference, permissions: ['a', 'a'] }), 'TRELLIS_ERR_INVALID_OPTION')
        .message,
    ).to.match(/^rbac\.permissions: .*'a'/);
    expect(
      expectThrowsCode(install({ ...reference, permissions: [''] }), 'TRELLIS_ERR_INVALID_OPTION').message,
    ).to.match(/^rbac\.permissions\[0\]: /);
  });

  it('binds RbacService in the container', async () => {
    const app = createApp().install('rbac', reference);
    await app.ready();
    const rbac = app.container.get(RbacService);
    expect(rbac).to.be.instanceOf(RbacService);
    expect(rbac.roles).to.deep.equal(REFERENCE_ROLES);
    await app.close();
  });
});

describe('rbac: RbacService', () => {
  const rbac = new RbacService(reference);
  const lead = { role: 'team_lead', permissions: ['tasks.read', 'teams.read'] };

  it('gives the level of a role', () => {
    expect(rbac.levelOf('admin')).to.equal(100);
    expect(rbac.levelOf('viewer')).to.equal(20);
    expect(rbac.levelOf('intern')).to.equal(undefined);
  });

  it('compares levels: equal or higher passes', () => {
    expect(rbac.hasMinimumRole(lead, 'developer')).to.equal(true);
    expect(rbac.hasMinimumRole(lead, 'team_lead')).to.equal(true);
    expect(rbac.hasMinimumRole(lead, 'manager')).to.equal(false);
    expect(rbac.hasMinimumRole({ role: 'intern', permissions: [] }, 'viewer')).to.equal(false);
  });

  it('needs every permission', () => {
    expect(rbac.hasPermissions(lead, ['tasks.read'])).to.equal(true);
    expect(rbac.hasPermissions(lead, ['tasks.read', 'teams.read'])).to.equal(true);
    expect(rbac.hasPermissions(lead, ['tasks.read', 'tasks.assign'])).to.equal(false);
    expect(rbac.hasPermissions(lead, [])).to.equal(true);
  });

  it('when asked about a name it was not configured with, it throws rather than guess', () => {
    expect(
      expectThrowsCode(() => rbac.hasMinimumRole(lead, 'superuser'), 'TRELLIS_ERR_UNKNOWN_ROLE').message,
    ).to.include("'superuser'");
    expect(
      expectThrowsCode(() => rbac.hasPermissions(lead, ['tasks.raed']), 'TRELLIS_ERR_UNKNOWN_PERMISSION')
        .message,
    ).to.include("'tasks.raed'");
  });
});
