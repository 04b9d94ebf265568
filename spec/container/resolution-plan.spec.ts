import { expect } from 'chai';
import { Container } from 'inversify';
import sinon from 'sinon';
import { planResolution } from '../../container/resolution-plan';
import { Controller, createApp, Depends, Get, Injectable, RequestScope } from '../../index';
import type { Application } from '../../src/app/application';
import { expectCode, expectThrowsCode } from '../support/expect-code';

async function readyFailure(app: Application): Promise<Error | undefined> {
  try {
    await app.ready();
    return undefined;
  } catch (err) {
    return err as Error;
  } finally {
    await app.close();
  }
}

@Injectable('request')
class Cart {}

@Controller('/cart')
class TransientCartController {
  @Get()
  get(@Depends(Cart, 'transient') cart: Cart) {
    return cart;
  }
}

const MISSING = Symbol('missing');

@Controller('/missing')
class MissingTokenController {
  @Get()
  get(@Depends(MISSING) value: unknown) {
    return value;
  }
}

@Injectable()
class Counter {
  static made = 0;
  constructor() {
    Counter.made++;
  }
}

describe('planResolution()', () => {
  it('when Depends names a scope that conflicts with the declared one, ready() fails', async () => {
    for (const app of [
      createApp({ controllers: [TransientCartController] }),
      createApp({ controllers: [TransientCartController], providers: [Cart] }),
    ]) {
      const failure = await readyFailure(app);
      expect(expectCode(failure, 'TRELLIS_ERR_SCOPE_CONFLICT').message).to.include(
        "Depends(Cart, 'transient')",
      );
    }
  });

  it('when Depends names a token nothing binds, ready() fails naming class.method and the token', async () => {
    const failure = await readyFailure(createApp({ controllers: [MissingTokenController] }));
    expect(expectCode(failure, 'TRELLIS_ERR_UNBOUND_TOKEN').message).to.match(
      /^MissingTokenController\.get: /,
    );
    expect(failure?.message).to.include('Symbol(missing)');
  });

  it('resolves a singleton once, when the plan is made, not per request', () => {
    const container = new Container();
    Counter.made = 0;
    const resolve = planResolution(container, Counter);
    expect(Counter.made).to.equal(1);
    const first = resolve({});
    expect(resolve({})).to.equal(first);
    expect(Counter.made).to.equal(1);
  });

  it('resolves a request-scoped class once per request scope', () => {
    const resolve = planResolution(new Container(), Cart);
    const ctx = { scope: new RequestScope() };
    expect(resolve(ctx)).to.equal(resolve(ctx));
    expect(resolve({ scope: new RequestScope() })).to.not.equal(resolve(ctx));
  });

  it('creates the request scope on first use', () => {
    const resolve = planResolution(new Container(), Cart);
    const ctx: { scope?: RequestScope } = {};
    resolve(ctx);
    expect(ctx.scope).to.be.instanceOf(RequestScope);
  });

  it('calls a function provider with the context, once per request by default', () => {
    const fn = sinon.spy((ctx: { scope?: RequestScope }) => ctx);
    const resolve = planResolution(new Container(), fn);
    const ctx = {};
    resolve(ctx);
    resolve(ctx);
    expect(fn.calledOnceWith(ctx)).to.equal(true);
  });

  it('when a request-scoped class is resolved outside a request, says how to fix it', () => {
    const container = new Container();
    planResolution(container, Cart);
    expectThrowsCode(() => container.get(Cart), 'TRELLIS_ERR_REQUEST_SCOPE_OUTSIDE_REQUEST');
  });
});
