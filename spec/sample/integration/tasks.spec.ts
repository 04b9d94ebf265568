import { expect } from 'chai';
import request from 'supertest';
import { forEachEngine } from '../../support/engines';
import { type SampleServer, startSample } from '../support/sample-server';

interface TaskBody {
  id: string;
  createdAt: string;
}

const TASK_COUNT = 13;

// The listing order, as SQLite compares text (byte by byte): newest first by (createdAt, id).
const binary = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const newestFirst = (a: TaskBody, b: TaskBody) => binary(b.createdAt, a.createdAt) || binary(b.id, a.id);

describe('sample /tasks', () => {
  forEachEngine((engine) => {
    let sample: SampleServer;
    let developer: string;
    let teamLead: string;
    let viewer: string;
    let created: TaskBody[];
    before(async () => {
      sample = await startSample(engine);
      developer = await sample.token('developer');
      teamLead = await sample.token('team_lead');
      viewer = await sample.token('viewer');
      created = [];
      for (let i = 0; i < TASK_COUNT; i++) {
        const res = await request(sample.url)
          .post('/tasks')
          .auth(teamLead, { type: 'bearer' })
          .send({ title: `Task ${i}`, assigneeId: 5 })
          .expect(201);
        created.push(res.body);
      }
      created.sort(newestFirst);
    });
    after(() => sample.close());

    const list = (query: Record<string, string | number>) =>
      request(sample.url).get('/tasks/').query(query).auth(viewer, { type: 'bearer' });
    const ids = (res: { body: { data: TaskBody[] } }) => res.body.data.map((task) => task.id);
    const expected = (from: number, to: number) => created.slice(from, to).map((task) => task.id);

    describe('GET /tasks/:id', () => {
      it('answers 404 with its code for an unknown task, 401 without a token', async () => {
        const res = await request(sample.url)
          .get('/tasks/no-such-task')
          .auth(viewer, { type: 'bearer' })
          .expect(404);
        expect(res.body).to.deep.equal({
          statusCode: 404,
          error: 'Not Found',
          message: 'Tarea no encontrada',
          code: 'NOT_FOUND',
        });
        await request(sample.url).get('/tasks/no-such-task').expect(401);
      });

      it('answers 405 with Allow to a method the path does not serve', async () => {
        const res = await request(sample.url)
          .delete('/tasks/any')
          .auth(viewer, { type: 'bearer' })
          .expect(405);
        expect(res.headers.allow).to.equal('GET, HEAD');
      });
    });

    describe('POST /tasks', () => {
      it('creates a task by the caller, with an ISO time to the millisecond', async () => {
        const res = await request(sample.url)
          .post('/tasks')
          .auth(developer, { type: 'bearer' })
          .send({ title: '  Review PR  ', description: 'the big one', status: 'review' })
          .expect(201);
        expect(res.body).to.deep.include({
          title: 'Review PR',
          description: 'the big one',
          status: 'review',
          assignee: null,
          createdBy: { id: 4, username: 'developer' },
        });
        expect(res.body.createdAt).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        expect(res.headers.location).to.equal(`/tasks/${res.body.id}`);
        created.unshift(res.body);
        created.sort(newestFirst);
      });

      it('answers GET /tasks/:id with the task as it was created', async () => {
        const found = await request(sample.url)
          .get(`/tasks/${created[0].id}`)
          .auth(viewer, { type: 'bearer' })
          .expect(200);
        expect(found.body).to.deep.equal(created[0]);
      });

      it('refuses a viewer (403), an empty title, a bad status and an unknown assignee (422)', async () => {
        await request(sample.url)
          .post('/tasks')
          .auth(viewer, { type: 'bearer' })
          .send({ title: 'x' })
          .expect(403);
        for (const body of [
          { title: '   ' },
          { title: 'x', status: 'archived' },
          { title: 'x', assigneeId: 999 },
        ]) {
          const res = await request(sample.url)
            .post('/tasks')
            .auth(teamLead, { type: 'bearer' })
            .send(body)
            .expect(422);
          expect(res.body.details).to.have.length.greaterThan(0);
        }
      });

      it('refuses a body that is not JSON (415) or is malformed JSON (400)', async () => {
        await request(sample.url)
          .post('/tasks')
          .auth(developer, { type: 'bearer' })
          .set('content-type', 'text/plain')
          .send('title=x')
          .expect(415);
        await request(sample.url)
          .post('/tasks')
          .auth(developer, { type: 'bearer' })
          .set('content-type', 'application/json')
          .send('{"title":')
          .expect(400);
      });
    });

    describe('GET /tasks', () => {
      it('by default, answers the 20 newest with cursor meta', async () => {
        const res = await list({}).expect(200);
        expect(ids(res)).to.deep.equal(expected(0, 20));
        expect(res.body.meta).to.include({
          count: TASK_COUNT + 1,
          hasNext: false,
          hasPrev: false,
          nextCursor: null,
        });
      });

      it('walks forward with nextCursor and back with prevCursor and direction=prev', async () => {
        const first = await list({ limit: 5 }).expect(200);
        expect(ids(first)).to.deep.equal(expected(0, 5));
        const second = await list({ limit: 5, cursor: first.body.meta.nextCursor }).expect(200);
        expect(ids(second)).to.deep.equal(expected(5, 10));
        const third = await list({ limit: 5, cursor: second.body.meta.nextCursor }).expect(200);
        expect(ids(third)).to.deep.equal(expected(10, 14));
        expect(third.body.meta).to.include({ hasNext: false, nextCursor: null, hasPrev: true });
        const back = await list({ limit: 5, cursor: third.body.meta.prevCursor, direction: 'prev' }).expect(
          200,
        );
        expect(ids(back)).to.deep.equal(expected(5, 10));
        const start = await list({ limit: 5, cursor: back.body.meta.prevCursor, direction: 'prev' }).expect(
          200,
        );
        expect(ids(start)).to.deep.equal(expected(0, 5));
        expect(start.body.meta).to.include({ hasPrev: false, prevCursor: null, hasNext: true });
      });

      it('with page, answers an offset page in the same order', async () => {
        const res = await list({ page: 2, limit: 4 }).expect(200);
        expect(ids(res)).to.deep.equal(expected(4, 8));
        expect(res.body.meta).to.include({ total: TASK_COUNT + 1, page: 2, totalPages: 4, from: 5, to: 8 });
      });

      it('shows assignee and creator by id and username', async () => {
        const res = await list({ limit: 20 }).expect(200);
        const assigned = res.body.data.find((task: { title: string }) => task.title === 'Task 3');
        expect(assigned).to.deep.include({
          assignee: { id: 5, username: 'viewer' },
          createdBy: { id: 3, username: 'team_lead' },
        });
      });

      it('with a tampered cursor or a cursor of /users, answers 400 Invalid cursor', async () => {
        const first = await list({ limit: 2 }).expect(200);
        const cursor: string = first.body.meta.nextCursor;
        const tampered = `${cursor.slice(0, -2)}${cursor.endsWith('AA') ? 'BB' : 'AA'}`;
        await list({ cursor: tampered }).expect(400);
        const manager = await sample.token('manager');
        const users = await request(sample.url)
          .get('/users')
          .query({ limit: 1 })
          .auth(manager, { type: 'bearer' });
        const res = await list({ cursor: users.body.meta.nextCursor }).expect(400);
        expect(res.body.message).to.equal('Invalid cursor');
      });
    });
  });
});

describe('sample /tasks: assigning', () => {
  forEachEngine((engine) => {
    let sample: SampleServer;
    let developer: string;
    before(async () => {
      sample = await startSample(engine);
      developer = await sample.token('developer');
    });
    after(() => sample.close());

    it('without tasks.assign, refuses assigning to anyone else with 403, known or not; self is fine', async () => {
      for (const assigneeId of [5, 1, 999]) {
        const res = await request(sample.url)
          .post('/tasks')
          .auth(developer, { type: 'bearer' })
          .send({ title: 'x', assigneeId })
          .expect(403);
        expect(res.body.message).to.equal(
          'Asignar una tarea a otro usuario requiere el permiso tasks.assign',
        );
      }
      const own = await request(sample.url)
        .post('/tasks')
        .auth(developer, { type: 'bearer' })
        .send({ title: 'Mine', assigneeId: 4 })
        .expect(201);
      expect(own.body.assignee).to.deep.equal({ id: 4, username: 'developer' });
    });
  });
});
