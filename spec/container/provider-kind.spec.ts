import { expect } from 'chai';
import { isClassProvider, isFunctionProvider } from '../../container/provider-kind';
import { Injectable } from '../../index';

@Injectable()
class Decorated {}
class Plain {}

describe('provider kinds', () => {
  it('treats decorated and plain classes as classes', () => {
    expect(isClassProvider(Decorated)).to.equal(true);
    expect(isClassProvider(Plain)).to.equal(true);
    expect(isFunctionProvider(Plain)).to.equal(false);
  });

  it('treats arrow functions, function declarations and async functions as plain functions', () => {
    function declared() {
      return 1;
    }
    for (const fn of [() => 1, declared, async () => 1]) {
      expect(isFunctionProvider(fn), fn.toString()).to.equal(true);
      expect(isClassProvider(fn)).to.equal(false);
    }
  });

  it('treats tokens as neither', () => {
    for (const token of [Symbol('t'), 'name']) {
      expect(isClassProvider(token)).to.equal(false);
      expect(isFunctionProvider(token)).to.equal(false);
    }
  });
});
