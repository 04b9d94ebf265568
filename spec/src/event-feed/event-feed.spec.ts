import { expect } from 'chai';
import { EventFeed } from '../../../src/event-feed/event-feed';
import { MemoryFeedStore } from '../../../src/event-feed/memory-feed-store';
import { BadRequestException } from '../../../src/kernel/errors/exceptions';
import { take } from './support/take';

describe('EventFeed (in memory)', () => {
  it('gives each topic increasing integer ids from 1', async () => {
    const feed = new EventFeed();
    expect((await feed.publish('a', { n: 1 }, 'made')).id).to.equal(1);
    expect(await feed.publish('a', { n: 2 })).to.deep.equal({ id: 2, data: { n: 2 } });
    expect((await feed.publish('b', 'x')).id).to.equal(1);
  });

  it('replays exactly the events after Last-Event-ID, then goes live, none twice', async () => {
    const feed = new EventFeed();
    for (let n = 1; n <= 5; n++) await feed.publish('tasks', { n }, 'taskCreated');
    const stream = feed.stream('tasks', '2');
    const replayed = await take(stream, 3);
    expect(replayed.map((e) => e.id)).to.deep.equal([3, 4, 5]);
    expect(replayed[0]).to.deep.equal({ id: 3, event: 'taskCreated', data: { n: 3 } });
    await feed.publish('tasks', { n: 6 }, 'taskCreated');
    await feed.publish('tasks', { n: 7 }, 'taskCreated');
    expect((await take(stream, 2)).map((e) => e.id)).to.deep.equal([6, 7]);
    await stream.return?.();
  });

  it('sends a stream without Last-Event-ID only what is published after it opened', async () => {
    const feed = new EventFeed();
    await feed.publish('tasks', 'old');
    const stream = feed.stream('tasks');
    await new Promise((r) => setImmediate(r));
    await feed.publish('tasks', 'new');
    expect(await take(stream, 1)).to.deep.equal([{ id: 2, data: 'new' }]);
    await stream.return?.();
  });

  it('keeps events published during the replay, in order', async () => {
    const feed = new EventFeed();
    for (let n = 1; n <= 50; n++) await feed.publish('t', n);
    const stream = feed.stream('t', '0');
    const publishing = Promise.all([51, 52, 53].map((n) => feed.publish('t', n)));
    await publishing;
    expect((await take(stream, 53)).map((e) => e.data)).to.deep.equal(
      [...Array(53).keys()].map((i) => i + 1),
    );
    await stream.return?.();
  });

  it('replays at least the last 1,000 events of a topic by default', async () => {
    const feed = new EventFeed({ store: new MemoryFeedStore() });
    for (let n = 1; n <= 1500; n++) await feed.publish('t', n);
    const stream = feed.stream('t', '0');
    await new Promise((r) => setTimeout(r, 20));
    const replayed = await take(stream, 1000);
    const ids = replayed.map((e) => e.id);
    expect(ids[0]).to.be.at.most(501);
    expect(ids.every((id, i) => i === 0 || id === ids[i - 1] + 1)).to.equal(true);
    await stream.return?.();
  });

  it('refuses a Last-Event-ID that is not a non-negative integer with a 400', () => {
    const feed = new EventFeed();
    for (const bad of ['-1', 'abc', '1.5', '', '9'.repeat(20)])
      expect(() => feed.stream('t', bad), bad).to.throw(BadRequestException);
  });

  it('stops listening once the stream is closed', async () => {
    const feed = new EventFeed();
    const stream = feed.stream('t');
    await new Promise((r) => setImmediate(r));
    await stream.return?.();
    await feed.publish('t', 1);
    expect(await stream.next()).to.deep.equal({ value: undefined, done: true });
  });
});
