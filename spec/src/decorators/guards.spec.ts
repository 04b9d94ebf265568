import { expect } from 'chai';
import { Auth, Controller, createApp, Get, MinimumRole, Permissions } from '../../../src';
import { metadataRegistry } from '../../../src/metadata/registry';
import { expectCode } from '../../support/expect-code';

@Controller('/guarded')
@Auth()
class GuardedController {
  @Get('/admin')
  @MinimumRole('admin')
  @Permissions('users:read', 'users:write')
  admin() {
    return {};
  }
}

@Controller('/open')
class OpenController {
  @Get('/mixed')
  @Auth()
  mixed() {
    return {};
  }
}

describe('Auth(), MinimumRole(), Permissions()', () => {
  it('on a class, record the guard for every method of the class', () => {
    expect(metadataRegistry.find(GuardedController)!.guards).to.deep.equal([
      { kind: 'auth', module: 'auth', label: 'Auth()' },
    ]);
  });

  it('on a method, record kind, module, label and options', () => {
    const guards = metadataRegistry.find(GuardedController)!.methods.get('admin')!.guards;
    expect(guards).to.deep.include({
      kind: 'minimumRole',
      module: 'rbac',
      label: "MinimumRole('admin')",
      options: 'admin',
    });
    expect(guards).to.deep.include({
      kind: 'permissions',
      module: 'rbac',
      label: "Permissions('users:read', 'users:write')",
      options: ['users:read', 'users:write'],
    });
  });

  it('when the module providing a guard is not installed, ready() fails naming the method and the module', async () => {
    const app = createApp({ controllers: [OpenController] });
    let failure: Error | undefined;
    await app.ready().catch((err: Error) => {
      failure = err;
    });
    expect(expectCode(failure, 'TRELLIS_ERR_MODULE_NOT_INSTALLED').message).to.match(
      /^Auth\(\) on OpenController\.mixed needs the 'auth' module/,
    );
    await app.close();
  });

  it('when a class guard has no module, ready() names the class method that inherits it', async () => {
    const app = createApp({ controllers: [GuardedController] });
    const failure = await app.ready().then(
      () => undefined,
      (err: Error) => err,
    );
    expect(expectCode(failure, 'TRELLIS_ERR_MODULE_NOT_INSTALLED').message).to.include(
      'GuardedController.admin',
    );
    await app.close();
  });
});
