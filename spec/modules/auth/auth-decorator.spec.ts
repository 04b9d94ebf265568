import { expect } from 'chai';
import { Auth } from '../../../modules/auth';
import { Controller, createApp, Get } from '../../../src';
import { metadataRegistry } from '../../../src/kernel/metadata/registry';
import { routeSecurity } from '../../../src/openapi/route-security';
import { expectCode } from '../../support/expect-code';

@Controller('/account')
@Auth()
class AccountController {
  @Get()
  show() {
    return {};
  }
}

describe('Auth()', () => {
  const recorded = () => metadataRegistry.find(AccountController)!.guards;

  it("records the auth module's guard kind with its label", () => {
    expect(recorded()).to.have.length(1);
    expect(recorded()[0]).to.include({ kind: 'auth', module: 'auth', label: 'Auth()' });
  });

  it('is documented as bearer security that may answer 401, with no further note', () => {
    expect(routeSecurity(recorded())).to.deep.equal({ bearer: true, responses: [401], notes: [] });
  });

  it('without the auth module installed, ready() fails with TRELLIS_ERR_MODULE_NOT_INSTALLED naming it', async () => {
    const app = createApp({ controllers: [AccountController] });
    const failure = await app.ready().then(
      () => undefined,
      (err: Error) => err,
    );
    expect(expectCode(failure, 'TRELLIS_ERR_MODULE_NOT_INSTALLED').message).to.match(
      /^Auth\(\) on AccountController\.show needs the 'auth' module/,
    );
    await app.close();
  });
});
