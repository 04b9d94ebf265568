import { expect } from 'chai';
import type { Redis } from 'ioredis';
import { EventFeed, FEED_RESET_EVENT } from '../../../src/event-feed/event-feed';
import { RedisFeedStore } from '../../../src/event-feed/redis-feed-store';
import { closeRedisClient, createRedisClient } from '../../../src/redis';
import { RedisBroadcaster } from '../../../src/websocket/redis-broadcaster';
import { type RedisServer, startRedisServer } from '../../support/redis-server';
import { take } from './support/take';

describe('EventFeed over Redis, across two instances', () => {
  let server: RedisServer;
  const clients: Redis[] = [];
  before(async () => {
    server = await startRedisServer();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => closeRedisClient(client)));
  });
  after(() => server.close());

  let prefixCount = 0;
  function instances(capacity?: number): [EventFeed, EventFeed] {
    const prefix = `feed-spec-${++prefixCount}:`;
    const make = () => {
      const publisher = createRedisClient(server.url);
      const subscriber = createRedisClient(server.url);
      clients.push(publisher, subscriber);
      return new EventFeed({
        store: new RedisFeedStore(publisher, { prefix, capacity }),
        broadcaster: new RedisBroadcaster({ publisher, subscriber, prefix }),
      });
    };
    return [make(), make()];
  }

  it('streams on one instance the events published on the other, in order', async () => {
    const [one, two] = instances();
    const stream = two.stream('tasks', '0');
    await new Promise((r) => setTimeout(r, 100));
    for (let n = 1; n <= 10; n++) await one.publish('tasks', { n }, 'taskCreated');
    const events = await take(stream, 10);
    expect(events.map((e) => e.id)).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(events[0]).to.deep.equal({ id: 1, event: 'taskCreated', data: { n: 1 } });
    await stream.return?.();
  });

  it('replays on the other instance exactly the events missed after Last-Event-ID, then goes live', async () => {
    const [one, two] = instances();
    for (let n = 1; n <= 8; n++) await one.publish('tasks', n);
    const stream = two.stream('tasks', '5');
    expect((await take(stream, 3)).map((e) => e.data)).to.deep.equal([6, 7, 8]);
    await one.publish('tasks', 9);
    await two.publish('tasks', 10);
    expect((await take(stream, 2)).map((e) => e.data)).to.deep.equal([9, 10]);
    await stream.return?.();
  });

  it('never hands out one id twice when both instances publish at once', async () => {
    const [one, two] = instances();
    const stream = one.stream('t', '0');
    // Both connections ready first, so that the burst below measures ids and not the connecting.
    await one.publish('warm-up', 0);
    await two.publish('warm-up', 0);
    const ids = await Promise.all(
      [...Array(100).keys()].map((n) => (n % 2 === 0 ? one : two).publish('t', n).then((e) => e.id)),
    );
    expect(new Set(ids).size).to.equal(100);
    const events = await take(stream, 100);
    expect(events.map((e) => e.id)).to.deep.equal([...Array(100).keys()].map((i) => i + 1));
    await stream.return?.();
  });

  it('keeps at least the last 1,000 events', async () => {
    const [one, two] = instances(1000);
    for (let n = 1; n <= 1300; n++) await one.publish('t', n);
    const stream = two.stream('t', '0');
    const replayed = await take(stream, 1000);
    expect(replayed[0].id).to.be.at.most(301);
    expect(replayed[999].id - replayed[0].id).to.equal(999);
    await stream.return?.();
  });

  it('begins a stream resumed with an id ahead of the feed (Redis emptied by a restart) with a reset, then goes live', async () => {
    const [one, two] = instances();
    for (let n = 1; n <= 3; n++) await one.publish('tasks', n);
    const stream = two.stream('tasks', '18');
    const [reset] = await take(stream, 1);
    expect(reset).to.deep.equal({
      id: 3,
      event: FEED_RESET_EVENT,
      data: { reason: 'unknown-id', lastEventId: '18' },
    });
    await one.publish('tasks', 4);
    expect(await take(stream, 1)).to.deep.equal([{ id: 4, data: 4 }]);
    await stream.return?.();
  });

  it('begins with a reset when the events after the id were trimmed, then replays what is kept', async () => {
    const [one, two] = instances(10);
    for (let n = 1; n <= 300; n++) await one.publish('t', n);
    const stream = two.stream('t', '1');
    const [reset, next] = await take(stream, 2);
    expect(reset.event).to.equal(FEED_RESET_EVENT);
    expect((reset.data as { reason: string }).reason).to.equal('history-lost');
    expect(next).to.deep.equal({ id: reset.id + 1, data: reset.id + 1 });
    await stream.return?.();
  });
});
