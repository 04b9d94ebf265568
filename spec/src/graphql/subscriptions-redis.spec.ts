import { expect } from 'chai';
import type { Client } from 'graphql-ws';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import {
  Arg,
  createApp,
  Mutation,
  Query,
  RedisBroadcaster,
  Resolver,
  Subscription,
  SubscriptionPublisher,
} from '../../../src';
import { closeRedisClient, createRedisClient } from '../../../src/redis';
import { forEachEngine } from '../../support/engines';
import { type RedisServer, startRedisServer } from '../../support/redis-server';
import { type Served, serve } from '../../support/serve';
import { postGraphql } from './graphql-client';
import { subscribe, subscriptionClient, until } from './subscription-client';

const Alert = z.object({ id: z.string(), at: z.date() }).meta({ id: 'Alert' });

@Resolver()
class AlertsResolver {
  constructor(private readonly events: SubscriptionPublisher) {}

  @Query(z.string())
  ping() {
    return 'pong';
  }

  @Mutation(z.boolean())
  async raise(@Arg('id', z.string()) id: string) {
    await this.events.publish('alerts', { id, at: new Date('2024-05-01T00:00:00Z') });
    return true;
  }

  @Subscription(Alert)
  alerts() {
    return this.events.subscribe('alerts');
  }
}

describe('GraphQL subscriptions across two instances sharing Redis', () => {
  let redis: RedisServer;
  let probe: Redis;
  before(async () => {
    redis = await startRedisServer();
    probe = createRedisClient(redis.url);
  });
  after(async () => {
    await closeRedisClient(probe);
    await redis.close();
  });

  forEachEngine((engine) => {
    const served: Served[] = [];
    const connections: Redis[] = [];
    const clients: Client[] = [];

    const instance = async () => {
      const publisher = createRedisClient(redis.url);
      const subscriber = createRedisClient(redis.url);
      connections.push(publisher, subscriber);
      const app = createApp({
        engine,
        resolvers: [AlertsResolver],
        websocket: { broadcaster: new RedisBroadcaster({ publisher, subscriber }) },
      });
      const running = await serve(app);
      served.push(running);
      return running;
    };
    // Subscribing on Redis is asynchronous: publish once the other instance listens.
    const listeners = async () =>
      ((await probe.pubsub('NUMSUB', 'trellis:ws:graphql:alerts')) as [string, number])[1];

    /** Waits, at most 3 s, until `wanted(count)` holds for the topic's channel listeners. */
    const listenersUntil = async (wanted: (count: number) => boolean) => {
      const deadline = Date.now() + 3000;
      let count = await listeners();
      while (!wanted(count) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        count = await listeners();
      }
      return count;
    };

    afterEach(async () => {
      await Promise.all(clients.splice(0).map((client) => client.dispose()));
      for (const running of served.splice(0)) await running.close();
      await Promise.all(connections.splice(0).map((connection) => closeRedisClient(connection)));
    });

    it('delivers an event published on one instance to subscribers of both, once each', async () => {
      const [one, two] = [await instance(), await instance()];
      const onOne = subscriptionClient(one.url);
      const onTwo = subscriptionClient(two.url);
      clients.push(onOne, onTwo);
      const here = subscribe(onOne, 'subscription { alerts { id at } }');
      const there = subscribe(onTwo, 'subscription { alerts { id at } }');
      const publisherTwo = two.app.container.get(SubscriptionPublisher);
      await until(() => publisherTwo.subscribers('alerts') === 1);
      expect(await listenersUntil((count) => count === 2)).to.equal(2);

      const posted = await postGraphql(one.url, 'mutation { raise(id: "disk-full") }');
      expect(posted.body.data).to.deep.equal({ raise: true });
      const expected = { data: { alerts: { id: 'disk-full', at: '2024-05-01T00:00:00.000Z' } } };
      expect(await there.take(1)).to.deep.equal([expected]);
      expect(await here.take(1)).to.deep.equal([expected]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(here.results).to.have.length(1);
      expect(there.results).to.have.length(1);
    });

    it('unsubscribes the instance from the topic channel once its last subscriber leaves', async () => {
      const one = await instance();
      const subscriber = subscriptionClient(one.url);
      clients.push(subscriber);
      const probeSub = subscribe(subscriber, 'subscription { alerts { id } }');
      await until(() => one.app.container.get(SubscriptionPublisher).subscribers('alerts') === 1);
      expect(await listenersUntil((count) => count === 1)).to.equal(1);
      probeSub.unsubscribe();
      expect(await listenersUntil((count) => count === 0)).to.equal(0);
    });
  });
});
