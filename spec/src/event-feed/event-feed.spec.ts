import { expect } from 'chai';
import { EventFeed, FEED_RESET_EVENT } from '../../../src/event-feed/event-feed';
import { MemoryFeedStore } from '../../../src/event-feed/memory-feed-store';
import { BadRequestException } from '../../../src/kernel/errors/exceptions';
import { LocalBroadcaster } from '../../../src/websocket/local-broadcaster';
import { take } from './support/take';

describe('EventFeed (in memory)', () => {
  it('gives each topic consecutive integer ids, from where a store made earlier left off', async () => {
    const earlier = new EventFeed();
    const before = (await earlier.publish('a', 1)).id;
    const feed = new EventFeed();
    const first = await feed.publish('a', { n: 1 }, 'made');
    expect(Number.isSafeInteger(first.id)).to.equal(true);
    expect(first.id).to.be.above(before);
    expect(await feed.publish('a', { n: 2 })).to.deep.equal({ id: first.id + 1, data: { n: 2 } });
    expect((await feed.publish('b', 'x')).id).to.equal(first.id);
  });

  it('replays exactly the events after Last-Event-ID, then goes live, none twice', async () => {
    const feed = new EventFeed();
    const ids: number[] = [];
    for (let n = 1; n <= 5; n++) ids.push((await feed.publish('tasks', { n }, 'taskCreated')).id);
    const stream = feed.stream('tasks', String(ids[1]));
    const replayed = await take(stream, 3);
    expect(replayed.map((e) => e.id)).to.deep.equal(ids.slice(2));
    expect(replayed[0]).to.deep.equal({ id: ids[2], event: 'taskCreated', data: { n: 3 } });
    await feed.publish('tasks', { n: 6 }, 'taskCreated');
    await feed.publish('tasks', { n: 7 }, 'taskCreated');
    expect((await take(stream, 2)).map((e) => e.id)).to.deep.equal([ids[4] + 1, ids[4] + 2]);
    await stream.return?.();
  });

  it('sends a stream without Last-Event-ID only what is published after it opened', async () => {
    const feed = new EventFeed();
    const old = await feed.publish('tasks', 'old');
    const stream = feed.stream('tasks');
    await new Promise((r) => setImmediate(r));
    await feed.publish('tasks', 'new');
    expect(await take(stream, 1)).to.deep.equal([{ id: old.id + 1, data: 'new' }]);
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
    const first = (await feed.publish('t', 1)).id;
    for (let n = 2; n <= 1500; n++) await feed.publish('t', n);
    const stream = feed.stream('t', '0');
    await new Promise((r) => setTimeout(r, 20));
    const replayed = await take(stream, 1000);
    const ids = replayed.map((e) => e.id);
    expect(ids[0]).to.be.at.most(first + 500);
    expect(ids.every((id, i) => i === 0 || id === ids[i - 1] + 1)).to.equal(true);
    await stream.return?.();
  });

  it('refuses a Last-Event-ID that is not a non-negative integer with a 400', () => {
    const feed = new EventFeed();
    for (const bad of ['-1', 'abc', '1.5', '', '9'.repeat(20), '9'.repeat(16)])
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

  it('announces a large event by its id alone, and its streams read it from the store', async () => {
    const announcements: string[] = [];
    const inner = new LocalBroadcaster();
    const broadcaster = {
      publish: (gateway: string, envelope: { data: string }) => {
        announcements.push(envelope.data);
        inner.publish(gateway, envelope);
      },
      subscribe: inner.subscribe.bind(inner),
    };
    const feed = new EventFeed({ broadcaster });
    const stream = feed.stream('t');
    await new Promise((r) => setImmediate(r));
    const big = 'x'.repeat(10_000);
    const sent = await feed.publish('t', big);
    const small = await feed.publish('t', 'small');
    expect(announcements).to.deep.equal([String(sent.id), `${small.id} {"data":"small"}`]);
    expect(await take(stream, 2)).to.deep.equal([
      { id: sent.id, data: big },
      { id: small.id, data: 'small' },
    ]);
    await stream.return?.();
  });

  describe('when Last-Event-ID cannot be resumed', () => {
    it('begins a stream resumed with an id from before a restart with a reset, then the new events', async () => {
      const before = new EventFeed();
      let seen = 0;
      for (let n = 1; n <= 18; n++) seen = (await before.publish('tasks', n)).id;
      const restarted = new EventFeed();
      const stream = restarted.stream('tasks', String(seen));
      const [reset] = await take(stream, 1);
      expect(reset.event).to.equal(FEED_RESET_EVENT);
      expect(reset.data).to.deep.equal({ reason: 'history-lost', lastEventId: String(seen) });
      const first = await restarted.publish('tasks', 'after the restart');
      expect(reset.id).to.equal(first.id - 1);
      expect(await take(stream, 1)).to.deep.equal([{ id: first.id, data: 'after the restart' }]);
      await stream.return?.();
    });

    it('sends the events the new run kept after the reset, in order', async () => {
      const before = new EventFeed();
      const seen = (await before.publish('tasks', 0)).id;
      const restarted = new EventFeed();
      const ids: number[] = [];
      for (let n = 1; n <= 3; n++) ids.push((await restarted.publish('tasks', n)).id);
      const stream = restarted.stream('tasks', String(seen));
      const events = await take(stream, 4);
      expect(events.map((e) => e.event ?? e.data)).to.deep.equal([FEED_RESET_EVENT, 1, 2, 3]);
      expect(events.map((e) => e.id)).to.deep.equal([ids[0] - 1, ...ids]);
      await stream.return?.();
    });

    it('begins a stream resumed with an id ahead of the feed with a reset at its newest id, then goes live', async () => {
      const feed = new EventFeed();
      let newest = 0;
      for (let n = 1; n <= 3; n++) newest = (await feed.publish('tasks', n)).id;
      const ahead = String(newest + 999_999);
      const stream = feed.stream('tasks', ahead);
      const [reset] = await take(stream, 1);
      expect(reset).to.deep.equal({
        id: newest,
        event: FEED_RESET_EVENT,
        data: { reason: 'unknown-id', lastEventId: ahead },
      });
      await feed.publish('tasks', 'live');
      expect(await take(stream, 1)).to.deep.equal([{ id: newest + 1, data: 'live' }]);
      await stream.return?.();
    });

    it('begins with a reset when events after the id were dropped past the capacity, then sends what is kept', async () => {
      const feed = new EventFeed({ store: new MemoryFeedStore(10) });
      const ids: number[] = [];
      for (let n = 1; n <= 40; n++) ids.push((await feed.publish('t', n)).id);
      const stream = feed.stream('t', String(ids[0]));
      const [reset, ...kept] = await take(stream, 11);
      expect(reset.event).to.equal(FEED_RESET_EVENT);
      expect((reset.data as { reason: string }).reason).to.equal('history-lost');
      expect(kept[0].id).to.equal(reset.id + 1);
      expect(kept.map((e) => e.data)).to.deep.equal(kept.map((e) => ids.indexOf(e.id) + 1));
      await stream.return?.();
    });

    it('sends no reset for 0 (everything kept) nor for the newest id', async () => {
      const feed = new EventFeed();
      const first = await feed.publish('t', 1);
      const fromZero = feed.stream('t', '0');
      const fromNewest = feed.stream('t', String(first.id));
      expect(await take(fromZero, 1)).to.deep.equal([{ id: first.id, data: 1 }]);
      await new Promise((r) => setImmediate(r));
      await feed.publish('t', 2);
      expect(await take(fromNewest, 1)).to.deep.equal([{ id: first.id + 1, data: 2 }]);
      await Promise.all([fromZero.return?.(), fromNewest.return?.()]);
    });
  });
});
