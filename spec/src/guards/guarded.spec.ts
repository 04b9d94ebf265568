import { expect } from 'chai';
import { ForbiddenException } from '../../../src';
import type { RequestContext } from '../../../src/http/request-context';
import { guarded, runGuards } from '../../../src/kernel/guards/guarded';

describe('the guard loop', () => {
  const ctx = {} as RequestContext;

  describe('runGuards()', () => {
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
  });

  describe('guarded()', () => {
    const next = (_ctx: RequestContext) => 'next';
    const refusedWith = (outcome: unknown) =>
      Promise.resolve(outcome).then(
        () => 'passed',
        (err: Error) => `refused: ${err.message}`,
      );

    it('without checks, is next itself: nothing runs in between', () => {
      expect(guarded([], next)).to.equal(next);
    });

    it('when every check passes synchronously, returns what next returns, at once', () => {
      expect(guarded([() => undefined, () => undefined], next)(ctx)).to.equal('next');
    });

    it('when a check is asynchronous, resolves to what next returns once it passes', async () => {
      const outcome = guarded([async () => undefined, () => undefined], next)(ctx);
      expect(outcome).to.be.instanceOf(Promise);
      expect(await outcome).to.equal('next');
    });

    it('when an asynchronous check refuses, rejects with its error and never calls next', async () => {
      let called = false;
      const handle = guarded(
        [
          async () => {
            throw new ForbiddenException('async no');
          },
        ],
        () => {
          called = true;
          return 'next';
        },
      );
      expect(await refusedWith(handle(ctx))).to.equal('refused: async no');
      expect(called).to.equal(false);
    });

    it('when a synchronous check refuses after an asynchronous one, rejects with its error', async () => {
      const handle = guarded(
        [
          async () => undefined,
          () => {
            throw new ForbiddenException('late no');
          },
        ],
        next,
      );
      expect(await refusedWith(handle(ctx))).to.equal('refused: late no');
    });

    it('gives every check and next the context of the call', () => {
      const seen: unknown[] = [];
      const first = { id: 1 } as unknown as RequestContext;
      const second = { id: 2 } as unknown as RequestContext;
      const handle = guarded([(c) => void seen.push(c)], (c: RequestContext) => c);
      expect([handle(first), handle(second)]).to.deep.equal([first, second]);
      expect(seen).to.deep.equal([first, second]);
    });
  });
});
