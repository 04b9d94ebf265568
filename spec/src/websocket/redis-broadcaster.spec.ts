import { expect } from 'chai';
import type { Redis } from 'ioredis';
import { type BroadcastEnvelope, RedisBroadcaster } from '../../../src';
import { ServiceUnavailableException } from '../../../src/kernel/errors/exceptions';
import { closeRedisClient, createRedisClient } from '../../../src/redis';
import { type RedisServer, startRedisServer } from '../../support/redis-server';
import { eventually, reachable, timed } from '../redis/redis-spec-helpers';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// Pub/sub delivery is asynchronous: "nothing arrived" is checked after this pause.
const SETTLE_MS = 150;

/** One instance's broadcaster with its two connections. */
interface Instance {
  broadcaster: RedisBroadcaster;
  publisher: Redis;
  subscriber: Redis;
}

describe('websocket: RedisBroadcaster', () => {
  let server: RedisServer;
  const instances: Instance[] = [];
  before(async () => {
    server = await startRedisServer();
  });
  afterEach(async () => {
    await server.start();
    const clients = instances.splice(0).flatMap(({ publisher, subscriber }) => [publisher, subscriber]);
    await Promise.all(clients.map((client) => closeRedisClient(client)));
  });
  after(() => server.close());

  function instance(instanceId?: string): Instance {
    const publisher = createRedisClient(server.url);
    const subscriber = createRedisClient(server.url);
    const made = {
      broadcaster: new RedisBroadcaster({ publisher, subscriber, instanceId }),
      publisher,
      subscriber,
    };
    instances.push(made);
    return made;
  }

  function inbox(broadcaster: RedisBroadcaster, gateway = '/chat') {
    const received: BroadcastEnvelope[] = [];
    const subscribed = broadcaster.subscribe(gateway, (envelope) => received.push(envelope));
    return { received, subscribed };
  }

  it('hands an envelope once to every subscriber of that gateway, on this instance and the others', async () => {
    const [one, two] = [instance(), instance()];
    const local = inbox(one.broadcaster);
    const remote = inbox(two.broadcaster);
    const remote2 = inbox(two.broadcaster);
    const news = inbox(two.broadcaster, '/news');
    await Promise.all([local.subscribed, remote.subscribed, remote2.subscribed, news.subscribed]);
    const envelope = { data: '{"text":"hola"}', room: 'lobby', senderId: 'connection-1' };
    await one.broadcaster.publish('/chat', envelope);
    // This instance's clients get it at once, without the round trip.
    expect(local.received).to.deep.equal([envelope]);
    await eventually(async () => expect(remote.received).to.have.length(1));
    await sleep(SETTLE_MS);
    expect(local.received).to.deep.equal([envelope]);
    expect(remote.received).to.deep.equal([envelope]);
    expect(remote2.received).to.deep.equal([envelope]);
    expect(news.received).to.deep.equal([]);
  });

  it('carries an envelope without room or sender as it is', async () => {
    const [one, two] = [instance(), instance()];
    const remote = inbox(two.broadcaster);
    await remote.subscribed;
    await one.broadcaster.publish('/chat', { data: '1' });
    await eventually(async () => expect(remote.received).to.deep.equal([{ data: '1' }]));
  });

  it('after unsubscribe, delivers nothing more there; other subscribers keep theirs', async () => {
    const [one, two] = [instance(), instance()];
    const stopped = inbox(two.broadcaster);
    const kept = inbox(two.broadcaster);
    const unsubscribe = await stopped.subscribed;
    await kept.subscribed;
    await unsubscribe();
    await unsubscribe();
    await one.broadcaster.publish('/chat', { data: '1' });
    await eventually(async () => expect(kept.received).to.have.length(1));
    await sleep(SETTLE_MS);
    expect(stopped.received).to.deep.equal([]);
  });

  it('when the last subscriber of a gateway leaves, releases its channel', async () => {
    const one = instance();
    const unsubscribe = await inbox(one.broadcaster).subscribed;
    // The spec asks on the publisher connection, which fails fast until it is ready.
    await reachable(one.publisher);
    expect(await one.publisher.pubsub('NUMSUB', 'trellis:ws:/chat')).to.deep.equal(['trellis:ws:/chat', 1]);
    await unsubscribe();
    await eventually(async () =>
      expect(await one.publisher.pubsub('NUMSUB', 'trellis:ws:/chat')).to.deep.equal(['trellis:ws:/chat', 0]),
    );
  });

  it('ignores a malformed message on its channel', async () => {
    const one = instance();
    const mine = inbox(one.broadcaster);
    await mine.subscribed;
    // The spec publishes raw on the publisher connection, which fails fast until it is ready.
    await reachable(one.publisher);
    for (const junk of ['not json', '{"i":"x"}', '{"i":"x","d":1}', '{"i":"x","d":"1","r":5}', 'null'])
      await one.publisher.publish('trellis:ws:/chat', junk);
    await one.publisher.publish('trellis:ws:/chat', '{"i":"x","d":"ok"}');
    await eventually(async () => expect(mine.received).to.deep.equal([{ data: 'ok' }]));
  });

  it('when Redis is down, still delivers to this instance, fails the publish with a 503, and resubscribes when Redis is back', async () => {
    const [one, two] = [instance(), instance()];
    const local = inbox(one.broadcaster);
    const remote = inbox(two.broadcaster);
    await Promise.all([local.subscribed, remote.subscribed]);
    await server.stop();
    const { ms, error } = await timed(one.broadcaster.publish('/chat', { data: 'during' }));
    expect(error).to.be.instanceOf(ServiceUnavailableException);
    expect(ms).to.be.below(1500);
    expect(local.received).to.deep.equal([{ data: 'during' }]);
    await server.start();
    await Promise.all([reachable(one.publisher), reachable(two.subscriber)]);
    await eventually(async () => {
      await one.broadcaster.publish('/chat', { data: 'after' });
      expect(remote.received.map((envelope) => envelope.data)).to.include('after');
    });
  });

  it('when Redis is down at start-up, subscribing does not fail, and delivery starts once Redis is up', async () => {
    await server.stop();
    const [one, two] = [instance(), instance()];
    const remote = inbox(two.broadcaster);
    const { ms, value: unsubscribe } = await timed(remote.subscribed);
    expect(unsubscribe).to.be.a('function');
    expect(ms).to.be.below(1500);
    await server.start();
    await eventually(async () => {
      await one.broadcaster.publish('/chat', { data: 'hello' });
      expect(remote.received.map((envelope) => envelope.data)).to.include('hello');
    });
  });
});
