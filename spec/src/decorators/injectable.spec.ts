import { expect } from 'chai';
import { Controller, createApp, Get, Injectable } from '../../../src';
import { metadataRegistry } from '../../../src/kernel/metadata/registry';

@Injectable()
class DefaultScoped {}

@Injectable('request')
class RequestScoped {}

@Injectable('transient')
class TransientScoped {}

@Controller('/per-request')
@Injectable('request')
class PerRequestController {
  @Get()
  get() {
    return {};
  }
}

describe('Injectable()', () => {
  it("without a scope, records 'singleton'", () => {
    expect(metadataRegistry.find(DefaultScoped)?.scope).to.equal('singleton');
  });

  it('records the scope it is given', () => {
    expect(metadataRegistry.find(RequestScoped)?.scope).to.equal('request');
    expect(metadataRegistry.find(TransientScoped)?.scope).to.equal('transient');
  });

  it('combines with Controller() on one class', async () => {
    const meta = metadataRegistry.find(PerRequestController);
    expect(meta?.role).to.equal('controller');
    expect(meta?.scope).to.equal('request');
    const app = createApp({ controllers: [PerRequestController] });
    await app.ready();
    await app.close();
  });
});
