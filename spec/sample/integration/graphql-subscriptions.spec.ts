import { expect } from 'chai';
import type { Client } from 'graphql-ws';
import request from 'supertest';
import { SubscriptionPublisher } from '../../../src';
import { subscribe, subscriptionClient, until } from '../../src/graphql/subscription-client';
import { forEachEngine } from '../../support/engines';
import { type SampleServer, startSample } from '../support/sample-server';

const TASK_CREATED =
  'subscription { taskCreated { id title status assignee { username role } createdBy { username } } }';

describe('sample /graphql subscription taskCreated', () => {
  forEachEngine((engine) => {
    let sample: SampleServer;
    let publisher: SubscriptionPublisher;
    const clients: Client[] = [];
    const client = (token?: string) => {
      const created = subscriptionClient(sample.url, token);
      clients.push(created);
      return created;
    };
    before(async () => {
      sample = await startSample(engine);
      publisher = sample.app.container.get(SubscriptionPublisher);
    });
    after(() => sample.close());
    afterEach(async () => {
      await Promise.all(clients.splice(0).map((created) => created.dispose()));
    });

    it('sends each new task, however created, to every subscriber holding tasks.read', async () => {
      const viewer = subscribe(client(await sample.token('viewer')), TASK_CREATED);
      const lead = subscribe(client(await sample.token('team_lead')), TASK_CREATED);
      await until(() => publisher.subscribers('taskCreated') === 2);
      const manager = await sample.token('manager');
      const created = await request(sample.url)
        .post('/tasks')
        .auth(manager, { type: 'bearer' })
        .send({ title: 'Ship it', assigneeId: 4 })
        .expect(201);
      const expected = {
        data: {
          taskCreated: {
            id: created.body.id,
            title: 'Ship it',
            status: 'todo',
            assignee: { username: 'developer', role: 'developer' },
            createdBy: { username: 'manager' },
          },
        },
      };
      expect(await viewer.take(1)).to.deep.equal([expected]);
      expect(await lead.take(1)).to.deep.equal([expected]);
      const viaGraphql = await request(sample.url)
        .post('/graphql')
        .auth(manager, { type: 'bearer' })
        .send({ query: 'mutation { createTask(input: { title: "Again" }) { id } }' })
        .expect(200);
      const [, second] = await viewer.take(2);
      expect(second.data?.taskCreated).to.include({ id: viaGraphql.body.data.createTask.id, title: 'Again' });
    });

    it('closes a connection without a valid token with 4403 (requireAuth), and it receives nothing', async () => {
      for (const token of [undefined, 'not-a-token']) {
        const anonymous = subscribe(client(token), TASK_CREATED);
        await until(() => anonymous.error !== undefined);
        expect((anonymous.error as { code?: number }).code).to.equal(4403);
      }
      expect(publisher.subscribers('taskCreated')).to.equal(0);
    });
  });
});
