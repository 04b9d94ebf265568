import { expect } from 'chai';
import request from 'supertest';
import { SseClient } from '../../src/sse/support/sse-client';
import { forEachEngine } from '../../support/engines';
import { type SampleServer, startSample } from '../support/sample-server';

describe('sample GET /tasks/events', () => {
  forEachEngine((engine) => {
    let sample: SampleServer;
    let manager: string;
    let viewer: string;
    const clients: SseClient[] = [];
    const open = async (token: string | undefined, lastEventId?: string) => {
      const headers: Record<string, string> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
      const client = await SseClient.open(`${sample.url}/tasks/events`, headers);
      clients.push(client);
      return client;
    };
    const createTask = async (title: string) => {
      const res = await request(sample.url)
        .post('/tasks')
        .auth(manager, { type: 'bearer' })
        .send({ title })
        .expect(201);
      return res.body as { id: string };
    };
    before(async () => {
      sample = await startSample(engine);
      manager = await sample.token('manager');
      viewer = await sample.token('viewer');
    });
    afterEach(() => {
      for (const client of clients.splice(0)) client.close();
    });
    after(() => sample.close());

    it('sends taskCreated for tasks created by REST and GraphQL, data as GET /tasks shows them', async () => {
      const stream = await open(viewer);
      expect(stream.status).to.equal(200);
      await new Promise((r) => setTimeout(r, 50));
      const rest = await createTask('From REST');
      const graphql = await request(sample.url)
        .post('/graphql')
        .auth(manager, { type: 'bearer' })
        .send({ query: 'mutation { createTask(input: { title: "From GraphQL" }) { id } }' })
        .expect(200);
      const [first, second] = await stream.waitFor(2);
      const listed = await request(sample.url).get('/tasks').auth(viewer, { type: 'bearer' }).expect(200);
      const shown = (id: string) => listed.body.data.find((task: { id: string }) => task.id === id);
      expect(first.event).to.equal('taskCreated');
      expect(JSON.parse(first.data)).to.deep.equal(shown(rest.id));
      expect(second.event).to.equal('taskCreated');
      expect(JSON.parse(second.data)).to.deep.equal(shown(graphql.body.data.createTask.id));
      expect(Number(second.id)).to.equal(Number(first.id) + 1);
    });

    it('replays exactly the events missed after Last-Event-ID, then goes on live', async () => {
      const stream = await open(viewer);
      await new Promise((r) => setTimeout(r, 50));
      await createTask('Seen');
      const [seen] = await stream.waitFor(1);
      stream.close();
      await createTask('Missed 1');
      await createTask('Missed 2');
      const resumed = await open(viewer, seen.id);
      const replayed = await resumed.waitFor(2);
      expect(replayed.map((e) => JSON.parse(e.data).title)).to.deep.equal(['Missed 1', 'Missed 2']);
      await createTask('Live');
      const all = await resumed.waitFor(3);
      expect(JSON.parse(all[2].data).title).to.equal('Live');
      expect(all.map((e) => Number(e.id))).to.deep.equal([1, 2, 3].map((n) => Number(seen.id) + n));
    });

    it('refuses a caller without a token with 401 JSON, and a malformed Last-Event-ID with 400', async () => {
      const anonymous = await open(undefined);
      expect(anonymous.status).to.equal(401);
      expect(JSON.parse(await anonymous.text())).to.include({ statusCode: 401 });
      const malformed = await open(viewer, 'yesterday');
      expect(malformed.status).to.equal(400);
      expect(JSON.parse(await malformed.text())).to.include({ statusCode: 400 });
    });
  });
});
