import { SseClient } from '../../src/sse/support/sse-client';
import { forEachEngine } from '../../support/engines';
import { type RedisServer, startRedisServer } from '../../support/redis-server';
import { expectTaskEventsAcrossInstances, startTwoInstances, type TwoInstances } from './two-instances';

describe('sample scale-out: /tasks/events across two instances sharing one Redis', () => {
  forEachEngine((engine) => {
    let redis: RedisServer;
    let sample: TwoInstances;
    const clients: SseClient[] = [];
    before(async () => {
      redis = await startRedisServer();
      sample = await startTwoInstances(engine, redis);
    });
    afterEach(() => {
      for (const client of clients.splice(0)) client.close();
    });
    after(async () => {
      await sample?.close();
      await redis?.close();
    });

    it('streams on one instance the tasks created on the other, and replays on either what was missed', () =>
      expectTaskEventsAcrossInstances(sample, async (instance, token, lastEventId) => {
        const headers: Record<string, string> = { authorization: `Bearer ${token}` };
        if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
        const client = await SseClient.open(`${instance.url}/tasks/events`, headers);
        clients.push(client);
        return client;
      }));
  });
});
