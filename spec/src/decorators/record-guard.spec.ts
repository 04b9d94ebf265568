import { expect } from 'chai';
import { Controller, createApp, Get, recordGuard } from '../../../src';
import { metadataRegistry } from '../../../src/kernel/metadata/registry';
import { expectCode } from '../../support/expect-code';

const ApiKey = () => recordGuard({ kind: 'apiKey', module: 'keys', label: 'ApiKey()' });
const Scope = (scope: string) =>
  recordGuard({ kind: 'scope', module: 'keys', label: `Scope('${scope}')`, options: scope });

@Controller('/keyed')
@ApiKey()
class KeyedController {
  @Get('/orders')
  @Scope('orders:read')
  orders() {
    return {};
  }
}

@Controller('/open')
class OpenController {
  @Get('/mixed')
  @ApiKey()
  mixed() {
    return {};
  }
}

describe('recordGuard()', () => {
  it('on a class, records the guard for every method of the class', () => {
    expect(metadataRegistry.find(KeyedController)!.guards).to.deep.equal([
      { kind: 'apiKey', module: 'keys', label: 'ApiKey()' },
    ]);
  });

  it('on a method, records kind, module, label and options', () => {
    expect(metadataRegistry.find(KeyedController)!.methods.get('orders')!.guards).to.deep.equal([
      { kind: 'scope', module: 'keys', label: "Scope('orders:read')", options: 'orders:read' },
    ]);
  });

  it('when no installed module defines the kind, ready() fails naming the method and the module', async () => {
    const app = createApp({ controllers: [OpenController] });
    const failure = await app.ready().then(
      () => undefined,
      (err: Error) => err,
    );
    expect(expectCode(failure, 'TRELLIS_ERR_MODULE_NOT_INSTALLED').message).to.match(
      /^ApiKey\(\) on OpenController\.mixed needs the 'keys' module/,
    );
    await app.close();
  });

  it('when a class guard has no module, ready() names the class method that inherits it', async () => {
    const app = createApp({ controllers: [KeyedController] });
    const failure = await app.ready().then(
      () => undefined,
      (err: Error) => err,
    );
    expect(expectCode(failure, 'TRELLIS_ERR_MODULE_NOT_INSTALLED').message).to.include(
      'KeyedController.orders',
    );
    await app.close();
  });
});
