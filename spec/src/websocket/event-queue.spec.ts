import { expect } from 'chai';
import { EventQueue } from '../../../src/websocket/event-queue';

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe('EventQueue', () => {
  const flow = () => {
    const calls: string[] = [];
    return { calls, control: { pause: () => calls.push('pause'), resume: () => calls.push('resume') } };
  };

  it('runs tasks one after the other, in the order pushed', async () => {
    const { control } = flow();
    const queue = new EventQueue(control, () => {});
    const order: number[] = [];
    const gate = deferred();
    queue.push(async () => {
      await gate.promise;
      order.push(1);
    });
    const last = queue.push(async () => {
      order.push(2);
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).to.deep.equal([]);
    gate.release();
    await last;
    expect(order).to.deep.equal([1, 2]);
  });

  it('when a task fails, reports it and keeps running the next ones', async () => {
    const { control } = flow();
    const errors: unknown[] = [];
    const queue = new EventQueue(control, (err) => errors.push(err));
    queue.push(async () => {
      throw new Error('boom');
    });
    let ran = false;
    await queue.push(async () => {
      ran = true;
    });
    expect(ran).to.equal(true);
    expect(String(errors[0])).to.contain('boom');
  });

  it('pauses the socket when the waiting tasks reach the high-water mark, and resumes once they drain', async () => {
    const { calls, control } = flow();
    const queue = new EventQueue(control, () => {}, 3);
    const gate = deferred();
    queue.push(() => gate.promise);
    queue.push(async () => {});
    expect(calls).to.deep.equal([]);
    const last = queue.push(async () => {});
    expect(calls).to.deep.equal(['pause']);
    gate.release();
    await last;
    expect(calls).to.deep.equal(['pause', 'resume']);
  });
});
