import { expect } from 'chai';
import { ForbiddenException, type RequestContext } from '../../../src';
import { runGuards, runGuardsThen } from '../../../src/kernel/guards/run-guards';

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
    const outcome = await Promise.resolve(
      runGuards(
        [
          async () => {
            throw refusal;
          },
          () => {
            order.push('never');
          },
        ],
        ctx,
      ),
    ).then(
      () => 'passed',
      (err) => err,
    );
    expect(outcome).to.equal(refusal);
    expect(order).to.deep.equal([]);
  });

  it('when every check is synchronous, finishes at once without a promise', () => {
    const order: string[] = [];
    const outcome = runGuards([() => void order.push('first'), () => void order.push('second')], ctx);
    expect(outcome).to.equal(undefined);
    expect(order).to.deep.equal(['first', 'second']);
  });

  it('when a synchronous check refuses, throws its error at once and runs no later check', () => {
    const order: string[] = [];
    const refusal = new ForbiddenException('no');
    const run = () =>
      runGuards(
        [
          () => {
            throw refusal;
          },
          () => void order.push('never'),
        ],
        ctx,
      );
    expect(run).to.throw(refusal);
    expect(order).to.deep.equal([]);
  });

  describe('runGuardsThen()', () => {
    const refused = (err: unknown) => `refused: ${(err as Error).message}`;

    it('when every check passes synchronously, returns what next returns, at once', () => {
      expect(runGuardsThen([() => undefined], ctx, () => 'next', refused)).to.equal('next');
    });

    it('when a check is asynchronous, resolves to what next returns once it passes', async () => {
      const outcome = runGuardsThen([async () => undefined, () => undefined], ctx, () => 'next', refused);
      expect(outcome).to.be.instanceOf(Promise);
      expect(await outcome).to.equal('next');
    });

    it('when an asynchronous check refuses, gives its error to onRefusal and never calls next', async () => {
      let called = false;
      const outcome = await runGuardsThen(
        [
          async () => {
            throw new ForbiddenException('async no');
          },
        ],
        ctx,
        () => {
          called = true;
          return 'next';
        },
        refused,
      );
      expect(outcome).to.equal('refused: async no');
      expect(called).to.equal(false);
    });

    it('when a synchronous check refuses after an asynchronous one, gives its error to onRefusal', async () => {
      const outcome = await runGuardsThen(
        [
          async () => undefined,
          () => {
            throw new ForbiddenException('late no');
          },
        ],
        ctx,
        () => 'next',
        refused,
      );
      expect(outcome).to.equal('refused: late no');
    });
  });
});
