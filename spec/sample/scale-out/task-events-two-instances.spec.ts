import { expect } from 'chai';
import request from 'supertest';
import { SseClient } from '../../src/sse/support/sse-client';
import { forEachEngine } from '../../support/engines';
import { type RedisServer, startRedisServer } from '../../support/redis-server';
import { startTwoInstances, type TwoInstances } from './two-instances';

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

    it('streams on one instance the tasks created on the other, and replays on either what was missed', async () => {
      const { accessToken: viewer } = await sample.login(sample.one, 'viewer');
      const { accessToken: manager } = await sample.login(sample.two, 'manager');
      const auth = { authorization: `Bearer ${viewer}` };
      const create = (title: string) =>
        request(sample.two.url).post('/tasks').auth(manager, { type: 'bearer' }).send({ title }).expect(201);
      const onOne = await SseClient.open(`${sample.one.url}/tasks/events`, auth);
      clients.push(onOne);
      await new Promise((r) => setTimeout(r, 200));
      await create('Made on two');
      const [first] = await onOne.waitFor(1);
      expect(JSON.parse(first.data)).to.include({ title: 'Made on two' });
      onOne.close();
      await create('Missed A');
      await create('Missed B');
      const onTwo = await SseClient.open(`${sample.two.url}/tasks/events`, {
        ...auth,
        'last-event-id': first.id ?? '',
      });
      clients.push(onTwo);
      const replayed = await onTwo.waitFor(2);
      expect(replayed.map((e) => JSON.parse(e.data).title)).to.deep.equal(['Missed A', 'Missed B']);
      expect(replayed.map((e) => Number(e.id))).to.deep.equal([Number(first.id) + 1, Number(first.id) + 2]);
    });
  });
});
