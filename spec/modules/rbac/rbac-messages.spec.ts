import { expect } from 'chai';
import request from 'supertest';
import { AuthService } from '../../../modules/auth';
import { MinimumRole, Permissions, RBAC_MESSAGES, type RbacOptions } from '../../../modules/rbac';
import { REFERENCE_PERMISSIONS, REFERENCE_ROLES } from '../../../modules/reference';
import { Controller, Get } from '../../../src';
import { createApp } from '../../../src/app/create-app';
import { forEachEngine } from '../../support/engines';
import { expectThrowsCode } from '../../support/expect-code';
import { type Served, serve } from '../../support/serve';
import { ADA, authApp, bearer, stubUsers } from '../auth/auth-fixtures';

@Controller('/reports')
class ReportsController {
  @Get('/staff')
  @MinimumRole('manager')
  staff() {
    return {};
  }

  @Get('/audit')
  @Permissions('admin.analytics')
  audit() {
    return {};
  }
}

const reference = { roles: REFERENCE_ROLES, permissions: REFERENCE_PERMISSIONS };

describe('rbac: the messages option', () => {
  forEachEngine((engine) => {
    let served: Served | undefined;
    afterEach(async () => {
      await served?.close();
      served = undefined;
    });

    const start = async (options: RbacOptions) => {
      const app = authApp(engine, await stubUsers(), {}, [ReportsController]).install('rbac', options);
      served = await serve(app);
      return (await app.container.get(AuthService).generateTokens(ADA)).accessToken;
    };

    it('when the texts are replaced, the client gets them with the 403s', async () => {
      const token = await start({
        ...reference,
        messages: { roleTooLow: 'Role too low', missingPermissions: 'Permission missing' },
      });
      const role = await request(served!.url)
        .get('/reports/staff')
        .set('authorization', bearer(token))
        .expect(403);
      expect(role.body).to.deep.equal({
        statusCode: 403,
        error: 'Forbidden',
        message: 'Role too low',
        code: 'ROLE_TOO_LOW',
      });
      const permission = await request(served!.url)
        .get('/reports/audit')
        .set('authorization', bearer(token))
        .expect(403);
      expect(permission.body.message).to.equal('Permission missing');
    });

    it('without the option, the 403s carry the default texts', async () => {
      const token = await start(reference);
      const role = await request(served!.url)
        .get('/reports/staff')
        .set('authorization', bearer(token))
        .expect(403);
      expect(role.body.message).to.equal('Rol insuficiente');
      const permission = await request(served!.url)
        .get('/reports/audit')
        .set('authorization', bearer(token))
        .expect(403);
      expect(permission.body.message).to.equal(RBAC_MESSAGES.missingPermissions);
      expect(RBAC_MESSAGES.missingPermissions).to.equal('Permisos insuficientes');
    });
  });

  it('when a text is empty or not one the module answers with, it refuses to install', () => {
    const install = (messages: object) => () =>
      createApp().install('rbac', { ...reference, messages: messages as RbacOptions['messages'] });
    expect(expectThrowsCode(install({ roleTooLow: '' }), 'TRELLIS_ERR_INVALID_OPTION').message).to.match(
      /^rbac\.messages\.roleTooLow: /,
    );
    expect(expectThrowsCode(install({ forbidden: 'No' }), 'TRELLIS_ERR_INVALID_OPTION').message).to.match(
      /^rbac\.messages: .*forbidden/,
    );
  });
});
