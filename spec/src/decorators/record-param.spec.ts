import { expect } from 'chai';
import { recordParam } from '../../../src';

describe('recordParam()', () => {
  it('when put on a constructor parameter, refuses with a clear message', () => {
    const decorate = recordParam({ kind: 'req' });
    class Target {}
    expect(() => decorate(Target, undefined, 0)).to.throw(/method parameters, not constructors/);
  });
});
