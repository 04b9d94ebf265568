import { expect } from 'chai';
import { Auth } from '../../../modules/auth';
import { MinimumRole, Permissions } from '../../../modules/rbac';
import { Controller, createApp, Get } from '../../../src';
import { metadataRegistry } from '../../../src/kernel/metadata/registry';
import { routeSecurity } from '../../../src/openapi/route-security';
import { expectCode } from '../../support/expect-code';

@Controller('/guarded')
@Auth()
@Permissions('users:read')
class GuardedController {
  @Get('/admin')
  @MinimumRole('admin')
  @Permissions('users:read', 'users:write')
  admin() {
    return {};
  }
}

@Controller('/reports')
class ReportsController {
  @Get()
  @MinimumRole('manager')
  list() {
    return {};
  }
}

describe('MinimumRole(), Permissions()', () => {
  const onMethod = () => metadataRegistry.find(GuardedController)!.methods.get('admin')!.guards;
  const onRoute = () => [...metadataRegistry.find(GuardedController)!.guards, ...onMethod()];

  it("record the rbac module's guard kinds with label and options", () => {
    // Decorators apply from the bottom up: Permissions() is recorded first.
    expect(onMethod()[1]).to.include({
      kind: 'minimumRole',
      module: 'rbac',
      label: "MinimumRole('admin')",
      options: 'admin',
    });
    expect(onMethod()[0]).to.deep.include({
      kind: 'permissions',
      module: 'rbac',
      label: "Permissions('users:read', 'users:write')",
      options: ['users:read', 'users:write'],
    });
  });

  it('are documented as bearer security that may answer 401 and 403, naming the role and each permission once', () => {
    expect(routeSecurity(onRoute())).to.deep.equal({
      bearer: true,
      responses: [401, 403],
      notes: [
        "Requires the permissions 'users:read', 'users:write'.",
        "Requires the role 'admin' or higher.",
      ],
    });
  });

  it('alone still need a bearer token in the docs: they require an authenticated caller', () => {
    expect(routeSecurity(onMethod().slice(1)).bearer).to.equal(true);
  });

  it('without the rbac module installed, ready() fails with TRELLIS_ERR_MODULE_NOT_INSTALLED naming it', async () => {
    const app = createApp({ controllers: [ReportsController] });
    const failure = await app.ready().then(
      () => undefined,
      (err: Error) => err,
    );
    expect(expectCode(failure, 'TRELLIS_ERR_MODULE_NOT_INSTALLED').message).to.match(
      /^MinimumRole\('manager'\) on ReportsController\.list needs the 'rbac' module/,
    );
    await app.close();
  });
});
