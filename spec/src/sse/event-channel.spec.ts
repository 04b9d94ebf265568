import { expect } from 'chai';
import { EventChannel } from '../../../src/sse/event-channel';

describe('EventChannel', () => {
  it('hands pushed items to the reader in order, queued or awaited', async () => {
    const channel = new EventChannel<number>();
    channel.push(1);
    channel.push(2);
    expect(channel.backlog).to.equal(2);
    const waiting = [await channel.next(), await channel.next(), channel.next()];
    channel.push(3);
    expect(await waiting[2]).to.deep.equal({ value: 3, done: false });
    expect(waiting.slice(0, 2)).to.deep.equal([
      { value: 1, done: false },
      { value: 2, done: false },
    ]);
  });

  it('ends after its queue is read once end() is called, and ignores later pushes', async () => {
    let ended = 0;
    const channel = new EventChannel<string>(() => ended++);
    channel.push('last');
    channel.end();
    channel.push('ignored');
    expect(await channel.next()).to.deep.equal({ value: 'last', done: false });
    expect(await channel.next()).to.deep.equal({ value: undefined, done: true });
    expect(ended).to.equal(1);
  });

  it('return() ends it at once, even while a next() waits, dropping the queue and calling onEnd once', async () => {
    let ended = 0;
    const channel = new EventChannel<string>(() => ended++);
    const waiting = channel.next();
    await channel.return();
    expect(await waiting).to.deep.equal({ value: undefined, done: true });
    await channel.return();
    expect(ended).to.equal(1);
    expect(channel.ended).to.equal(true);
  });
});
