import { expect } from 'chai';
import { Container } from 'inversify';
import { z } from 'zod';
import { ValidationException } from '../../../src';
import type { RequestContext } from '../../../src/http/request-context';
import type { GuardSite } from '../../../src/kernel/guards/guard-registry';
import { compileArguments } from '../../../src/kernel/invocation/compile-arguments';
import type { ParamMetadata } from '../../../src/kernel/metadata/types';
import { HTTP_READERS } from '../../../src/routing/http-readers';
import { expectThrowsCode } from '../../support/expect-code';
import { fakeRequestContext } from '../../support/fake-request-context';

const site: GuardSite = {
  className: 'ShopController',
  methodName: 'buy',
  transport: 'http',
  container: new Container(),
};

function context(parts: Partial<RequestContext>): RequestContext {
  return fakeRequestContext({ method: 'POST', ...parts });
}

describe('compileArguments()', () => {
  it('places each value at its parameter index, leaving undecorated parameters undefined', () => {
    const params: ParamMetadata[] = [
      { index: 2, kind: 'param', name: 'id' },
      { index: 0, kind: 'body' },
    ];
    const build = compileArguments(params, HTTP_READERS, site, new Container());
    const args = build(context({ body: { a: 1 }, params: { id: '5' } }));
    expect(args).to.deep.equal([{ a: 1 }, undefined, '5']);
  });

  it('when only values are read, builds the arguments synchronously', () => {
    const build = compileArguments([{ index: 0, kind: 'query' }], HTTP_READERS, site, new Container());
    expect(build(context({ query: { q: 'x' } }))).to.deep.equal([{ q: 'x' }]);
  });

  it('when a dependency is async, builds the arguments as a promise', async () => {
    const params: ParamMetadata[] = [{ index: 0, kind: 'depends', provider: async () => 'later' }];
    const built = compileArguments(params, HTTP_READERS, site, new Container())(context({}));
    expect(built).to.be.instanceOf(Promise);
    expect(await built).to.deep.equal(['later']);
  });

  it('when several values fail, throws one ValidationException listing every failure', () => {
    const params: ParamMetadata[] = [
      { index: 0, kind: 'body', schema: z.object({ qty: z.number().int().positive(), sku: z.string() }) },
      { index: 1, kind: 'param', name: 'id', schema: z.coerce.number() },
      { index: 2, kind: 'header', name: 'X-Store', schema: z.string() },
    ];
    const build = compileArguments(params, HTTP_READERS, site, new Container());
    let thrown: unknown;
    try {
      build(context({ body: { qty: -1 }, params: { id: 'abc' } }));
    } catch (err) {
      thrown = err;
    }
    expect(thrown).to.be.instanceOf(ValidationException);
    const details = (thrown as ValidationException).details!;
    expect(details.map((d) => d.path)).to.deep.equal([
      'body.qty',
      'body.sku',
      'params.id',
      'headers.x-store',
    ]);
    expect(details.map((d) => d.code)).to.deep.equal([
      'too_small',
      'invalid_type',
      'invalid_type',
      'invalid_type',
    ]);
    for (const detail of details) expect(detail.message).to.be.a('string').and.not.equal('');
  });

  it('when a parameter kind cannot be read over the transport, refuses at compile time naming class.method', () => {
    const params: ParamMetadata[] = [{ index: 0, kind: 'arg', name: 'title', schema: z.string() }];
    const error = expectThrowsCode(
      () => compileArguments(params, HTTP_READERS, site, new Container()),
      'TRELLIS_ERR_PARAM_TRANSPORT',
    );
    expect(error.message).to.equal("ShopController.buy: a 'arg' parameter cannot be used over http");
  });
});
