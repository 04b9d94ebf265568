import { expect } from 'chai';
import { ConcurrencyLimit, QueueFullException } from '../../../modules/auth/concurrency-limit';
import { expectThrowsCoded } from '../../support/expect-code';

interface Gate {
  promise: Promise<string>;
  open(value: string): void;
  fail(err: Error): void;
}

function gate(): Gate {
  let open!: (value: string) => void;
  let fail!: (err: Error) => void;
  const promise = new Promise<string>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ConcurrencyLimit', () => {
  it('runs at most `limit` tasks at once and starts the next as one settles, in order', async () => {
    const limit = new ConcurrencyLimit(2);
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    const results = gates.map((g, i) =>
      limit.run(() => {
        started.push(i);
        return g.promise;
      }),
    );
    await tick();
    expect(started).to.deep.equal([0, 1]);
    expect(limit.queued).to.equal(2);
    gates[1].open('b');
    await tick();
    expect(started).to.deep.equal([0, 1, 2]);
    gates[0].open('a');
    gates[2].open('c');
    gates[3].open('d');
    expect(await Promise.all(results)).to.deep.equal(['a', 'b', 'c', 'd']);
    expect(limit.queued).to.equal(0);
  });

  it('when a task fails or throws, settles with its error and frees the slot', async () => {
    const limit = new ConcurrencyLimit(1);
    const failing = gate();
    const first = limit.run(() => failing.promise);
    const second = limit.run(() => {
      throw new Error('thrown');
    });
    const third = limit.run(async () => 'third');
    failing.fail(new Error('rejected'));
    const outcomes = await Promise.allSettled([first, second, third]);
    expect(
      outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : outcome.reason.message)),
    ).to.deep.equal(['rejected', 'thrown', 'third']);
  });

  it('lets no newcomer overtake a waiting task when a slot frees', async () => {
    const limit = new ConcurrencyLimit(1);
    const running = gate();
    const order: string[] = [];
    const first = limit.run(() => running.promise);
    const waiting = limit.run(async () => {
      order.push('waiting');
      return 'w';
    });
    running.open('r');
    const newcomer = limit.run(async () => {
      order.push('newcomer');
      return 'n';
    });
    await Promise.all([first, waiting, newcomer]);
    expect(order).to.deep.equal(['waiting', 'newcomer']);
  });

  it('past `maxQueued` waiting tasks, refuses at once with a 503 and Retry-After: 1, and takes tasks again once the queue drains', async () => {
    const limit = new ConcurrencyLimit(1, 2);
    const running = gate();
    const first = limit.run(() => running.promise);
    const waiting = [limit.run(async () => 'a'), limit.run(async () => 'b')];
    expect(limit.queued).to.equal(2);
    const refused = limit.run(async () => 'c');
    const err = await refused.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).to.be.instanceOf(QueueFullException);
    expect((err as QueueFullException).statusCode).to.equal(503);
    expect((err as QueueFullException).headers).to.deep.equal({ 'Retry-After': '1' });
    expect(limit.queued).to.equal(2);
    running.open('r');
    expect(await Promise.all([first, ...waiting])).to.deep.equal(['r', 'a', 'b']);
    expect(await limit.run(async () => 'd')).to.equal('d');
  });

  it('refuses a negative or fractional queue limit', () => {
    expect(() => new ConcurrencyLimit(1, -1)).to.throw('queue limit');
    expect(() => new ConcurrencyLimit(1, 1.5)).to.throw('queue limit');
    expectThrowsCoded(() => new ConcurrencyLimit(1, -1), RangeError, 'TRELLIS_ERR_INVALID_QUEUE_LIMIT');
  });

  it('refuses a limit under one', () => {
    expect(() => new ConcurrencyLimit(0)).to.throw('at least 1');
    expectThrowsCoded(() => new ConcurrencyLimit(0), RangeError, 'TRELLIS_ERR_INVALID_CONCURRENCY_LIMIT');
  });
});
