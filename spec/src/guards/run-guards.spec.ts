import { expect } from 'chai';
import { ForbiddenException, type RequestContext } from '../../../src';
import { runGuards } from '../../../src/guards/run-guards';

describe('runGuards()', () => {
  const ctx = {} as RequestContext;

  it('runs sync and async checks in order', async () => {
    const order: string[] = [];
    await runGuards(
      [
        () => {
          order.push('sync');
        },
        async () => {
          await new Promise((resolve) => setTimeout(resolve, 2));
          order.push('async');
        },
        () => {
          order.push('last');
        },
      ],
      ctx,
    );
    expect(order).to.deep.equal(['sync', 'async', 'last']);
  });

  it('stops at the first check that throws, and rejects with its error', async () => {
    const order: string[] = [];
    const refusal = new ForbiddenException('no');
    const outcome = await runGuards(
      [
        async () => {
          throw refusal;
        },
        () => {
          order.push('never');
        },
      ],
      ctx,
    ).then(
      () => 'passed',
      (err) => err,
    );
    expect(outcome).to.equal(refusal);
    expect(order).to.deep.equal([]);
  });
});
