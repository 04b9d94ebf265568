import { recordParam } from '../../../src';
import { expectThrowsCode } from '../../support/expect-code';

describe('recordParam()', () => {
  it('when put on a constructor parameter, refuses with a clear message', () => {
    const decorate = recordParam({ kind: 'req' });
    class Target {}
    expectThrowsCode(() => decorate(Target, undefined, 0), 'TRELLIS_ERR_PARAM_DECORATOR_ON_CONSTRUCTOR');
  });
});
