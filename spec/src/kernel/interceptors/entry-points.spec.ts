import { expect } from 'chai';
import request from 'supertest';
import { z } from 'zod';
import { Controller, contract, createApp, defineModule, Get, Implements, Injectable } from '../../../../src';
import { recordInterceptor } from '../../../../src/kernel/interceptors/record-interceptor';
import { isEntryPoint, metadataRegistry } from '../../../../src/kernel/metadata/registry';
import { forEachEngine } from '../../../support/engines';
import { type Served, serve } from '../../../support/serve';

// Each call of an intercepted method, by where it was wrapped.
const calls: string[] = [];

const counting = defineModule<undefined>({
  name: 'spec-counting',
  install(app) {
    app.interceptors.define({
      kind: 'counted',
      call: (_options, site) => (call) => {
        calls.push(`${site.className}.${site.methodName}`);
        return call();
      },
    });
  },
});

const Counted = () => recordInterceptor({ kind: 'counted', module: 'spec-counting', label: 'Counted()' });

const api = contract({
  stamp: { method: 'GET', path: '/stamps/contract', responses: { 200: z.object({ stamp: z.string() }) } },
});

@Injectable()
class StampService {
  @Counted()
  stamp(): string {
    return 'inked';
  }
}

@Controller()
class StampsController {
  constructor(private readonly stamps: StampService) {}

  @Get('/stamps/route')
  @Counted()
  byRoute() {
    return { stamp: 'route' };
  }

  @Implements(api.stamp)
  @Counted()
  byContract() {
    return { stamp: 'contract' };
  }

  @Get('/stamps/service')
  byService() {
    return { stamp: this.stamps.stamp() };
  }
}

describe('call interceptors on transport entry points and on injectables', () => {
  it('takes Get and Implements methods for entry points (wrapped by their invocation), a service method not', () => {
    const methods = metadataRegistry.find(StampsController)!.methods;
    expect(isEntryPoint(methods.get('byRoute')!)).to.equal(true);
    expect(isEntryPoint(methods.get('byContract')!)).to.equal(true);
    expect(isEntryPoint(metadataRegistry.find(StampService)!.methods.get('stamp')!)).to.equal(false);
  });

  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      served = await serve(
        createApp({
          engine,
          controllers: [StampsController],
          providers: [StampService],
          openapi: false,
        }).install(counting, undefined),
      );
    });
    after(() => served.close());
    beforeEach(() => {
      calls.length = 0;
    });

    it('wraps a route handler once per request', async () => {
      await request(served.url).get('/stamps/route').expect(200, { stamp: 'route' });
      expect(calls).to.deep.equal(['StampsController.byRoute']);
    });

    it('wraps a contract handler once per request', async () => {
      await request(served.url).get('/stamps/contract').expect(200, { stamp: 'contract' });
      expect(calls).to.deep.equal(['StampsController.byContract']);
    });

    it("wraps an injectable's method on its instance, called from a handler", async () => {
      await request(served.url).get('/stamps/service').expect(200, { stamp: 'inked' });
      expect(calls).to.deep.equal(['StampService.stamp']);
    });
  });
});
