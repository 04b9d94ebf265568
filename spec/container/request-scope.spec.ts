import { expect } from 'chai';
import sinon from 'sinon';
import { activeRequestScope, withRequestScope } from '../../container/request-scope';
import { RequestScope } from '../../index';

describe('RequestScope', () => {
  it('builds an instance on first use and gives the same one afterwards', () => {
    const scope = new RequestScope();
    const create = sinon.spy(() => ({}));
    const first = scope.getOrCreate('key', create);
    expect(scope.getOrCreate('key', create)).to.equal(first);
    expect(create.callCount).to.equal(1);
  });

  it('keeps a falsy value instead of building it again', () => {
    const scope = new RequestScope();
    const create = sinon.spy(() => undefined);
    scope.getOrCreate('key', create);
    scope.getOrCreate('key', create);
    expect(create.callCount).to.equal(1);
  });

  it('disposes through Symbol.asyncDispose when present, else dispose()', async () => {
    const scope = new RequestScope();
    const both = { dispose: sinon.spy(), [Symbol.asyncDispose]: sinon.spy(async () => {}) };
    const plain = { dispose: sinon.spy() };
    scope.getOrCreate('both', () => both);
    scope.getOrCreate('plain', () => plain);
    scope.getOrCreate('value', () => 42);
    await scope.dispose(() => {});
    expect(both[Symbol.asyncDispose].calledOnce).to.equal(true);
    expect(both.dispose.called).to.equal(false);
    expect(plain.dispose.calledOnce).to.equal(true);
  });

  it('disposes in reverse order of creation, so dependents go before what they use', async () => {
    const scope = new RequestScope();
    const order: string[] = [];
    scope.getOrCreate('connection', () => ({ dispose: () => order.push('connection') }));
    scope.getOrCreate('repository', () => ({ dispose: () => order.push('repository') }));
    await scope.dispose(() => {});
    expect(order).to.deep.equal(['repository', 'connection']);
  });

  it('disposes the value an async provider resolved to', async () => {
    const scope = new RequestScope();
    const handle = { dispose: sinon.spy() };
    scope.getOrCreate('async', async () => handle);
    await scope.dispose(() => {});
    expect(handle.dispose.calledOnce).to.equal(true);
  });

  it('skips an async provider that rejected: its failure was already answered', async () => {
    const scope = new RequestScope();
    const rejected = Promise.reject(new Error('lookup failed'));
    rejected.catch(() => {});
    scope.getOrCreate('async', () => rejected);
    const onError = sinon.spy();
    await scope.dispose(onError);
    expect(onError.called).to.equal(false);
  });

  it('reports a failing disposal and still disposes the others', async () => {
    const scope = new RequestScope();
    const failure = new Error('close failed');
    const other = { dispose: sinon.spy() };
    scope.getOrCreate('other', () => other);
    scope.getOrCreate('broken', () => ({
      dispose() {
        throw failure;
      },
    }));
    const onError = sinon.spy();
    await scope.dispose(onError);
    expect(onError.calledOnceWith(failure)).to.equal(true);
    expect(other.dispose.calledOnce).to.equal(true);
  });

  it('forgets its instances once disposed', async () => {
    const scope = new RequestScope();
    const first = scope.getOrCreate('key', () => ({}));
    await scope.dispose(() => {});
    expect(scope.getOrCreate('key', () => ({}))).to.not.equal(first);
  });
});

describe('withRequestScope()', () => {
  it('makes the scope active during the resolution and restores the previous one after', () => {
    const outer = new RequestScope();
    const inner = new RequestScope();
    expect(activeRequestScope()).to.equal(undefined);
    withRequestScope(outer, () => {
      expect(activeRequestScope()).to.equal(outer);
      withRequestScope(inner, () => expect(activeRequestScope()).to.equal(inner));
      expect(activeRequestScope()).to.equal(outer);
    });
    expect(activeRequestScope()).to.equal(undefined);
  });

  it('restores the previous scope when the resolution throws', () => {
    expect(() =>
      withRequestScope(new RequestScope(), () => {
        throw new Error('no binding');
      }),
    ).to.throw('no binding');
    expect(activeRequestScope()).to.equal(undefined);
  });
});
