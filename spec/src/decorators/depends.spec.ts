import { expect } from 'chai';
import sinon from 'sinon';
import request from 'supertest';
import { z } from 'zod';
import { Controller, createApp, Depends, ForbiddenException, Get, Injectable, Query } from '../../../src';
import type { RequestContext } from '../../../src/http/request-context';
import { metadataRegistry } from '../../../src/kernel/metadata/registry';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';

@Injectable()
class Greeter {
  greet(name: string) {
    return `hello ${name}`;
  }
}

const CONFIG = Symbol('config');
const NAMED = 'named-token';

const tenantOf = (ctx: RequestContext) => ctx.headers['x-tenant'] ?? 'none';
const slowTenant = async (ctx: RequestContext) => {
  await new Promise((resolve) => setTimeout(resolve, 5));
  return `slow:${ctx.headers['x-tenant'] ?? 'none'}`;
};
const counted = sinon.spy((_ctx: RequestContext) => ({ made: Date.now() }));
const transientCounted = sinon.spy(() => ({}));
const singletonCounted = sinon.spy(() => ({ once: true }));
const unreached = sinon.spy(() => 'never');
const refuse = () => {
  throw new ForbiddenException('Tenant closed');
};

@Controller('/deps')
class DependsController {
  @Get('/class')
  byClass(@Depends(Greeter) greeter: Greeter) {
    return { text: greeter.greet('ada') };
  }

  @Get('/token')
  byToken(@Depends(CONFIG) config: { region: string }, @Depends(NAMED) named: string) {
    return { region: config.region, named };
  }

  @Get('/function')
  byFunction(@Depends(tenantOf) tenant: string, @Depends(slowTenant) slow: string) {
    return { tenant, slow };
  }

  @Get('/twice')
  twice(@Depends(counted) a: object, @Depends(counted) b: object) {
    return { same: a === b };
  }

  @Get('/transient')
  transient(
    @Depends(transientCounted, 'transient') a: object,
    @Depends(transientCounted, 'transient') b: object,
  ) {
    return { same: a === b };
  }

  @Get('/singleton')
  singleton(@Depends(singletonCounted, 'singleton') value: object) {
    return value;
  }

  @Get('/validated-first')
  validatedFirst(@Query(z.object({ n: z.coerce.number() })) _q: unknown, @Depends(unreached) _v: string) {
    return { reached: true };
  }

  @Get('/refused')
  refused(@Depends(refuse) _v: unknown) {
    return { reached: true };
  }
}

describe('Depends()', () => {
  it('records the provider and the scope', () => {
    const params = metadataRegistry.find(DependsController)!.methods.get('transient')!.params;
    expect(params[0]).to.include({ kind: 'depends', provider: transientCounted, scope: 'transient' });
  });

  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      // A 'singleton' function is called once per app: count from this engine's app on.
      singletonCounted.resetHistory();
      const app = createApp({ engine, controllers: [DependsController] });
      app.container.bind(CONFIG).toConstantValue({ region: 'eu' });
      app.container.bind(NAMED).toConstantValue('by name');
      served = await serve(app);
    });
    after(() => served.close());
    beforeEach(() => {
      counted.resetHistory();
      transientCounted.resetHistory();
      unreached.resetHistory();
    });

    it('with a class, gives the instance from the container', async () => {
      await request(served.url).get('/deps/class').expect(200, { text: 'hello ada' });
    });

    it('with a symbol or string token bound on app.container, gives the bound value', async () => {
      await request(served.url).get('/deps/token').expect(200, { region: 'eu', named: 'by name' });
    });

    it('with a plain function, sync or async, gives what it returns for this request', async () => {
      await request(served.url)
        .get('/deps/function')
        .set('X-Tenant', 'acme')
        .expect(200, { tenant: 'acme', slow: 'slow:acme' });
      await request(served.url).get('/deps/function').expect(200, { tenant: 'none', slow: 'slow:none' });
    });

    it('with a function used twice in one handler, calls it once per request and shares the value', async () => {
      await request(served.url).get('/deps/twice').expect(200, { same: true });
      expect(counted.callCount).to.equal(1);
      await request(served.url).get('/deps/twice').expect(200, { same: true });
      expect(counted.callCount).to.equal(2);
    });

    it('passes the request context to the function', async () => {
      await request(served.url).get('/deps/twice').set('X-Probe', 'yes');
      const ctx = counted.firstCall.args[0];
      expect(ctx.headers['x-probe']).to.equal('yes');
      expect(ctx.method).to.equal('GET');
    });

    it("with the 'transient' scope, calls the function for every parameter", async () => {
      await request(served.url).get('/deps/transient').expect(200, { same: false });
      expect(transientCounted.callCount).to.equal(2);
    });

    it("with the 'singleton' scope, calls the function once for the whole app", async () => {
      await request(served.url).get('/deps/singleton').expect(200, { once: true });
      await request(served.url).get('/deps/singleton').expect(200, { once: true });
      expect(singletonCounted.callCount).to.equal(1);
    });

    it('when a request value fails its schema, the dependencies are not resolved', async () => {
      await request(served.url).get('/deps/validated-first?n=abc').expect(422);
      expect(unreached.called).to.equal(false);
    });

    it('when a function throws an HTTP exception, the request gets that error', async () => {
      const res = await request(served.url).get('/deps/refused').expect(403);
      expect(res.body).to.deep.equal({
        statusCode: 403,
        error: 'Forbidden',
        message: 'Tenant closed',
        code: 'FORBIDDEN',
      });
    });
  });
});
