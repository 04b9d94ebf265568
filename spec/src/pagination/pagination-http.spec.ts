import { expect } from 'chai';
import request from 'supertest';
import {
  Controller,
  createApp,
  Get,
  keysetPage,
  keysetQuery,
  PaginationHelper,
  paginate,
  parseCursorQuery,
  Query,
  setCursorSigningKey,
} from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { displayed, fetchWindow, makeTasks, NEWEST_FIRST } from './task-rows';

const TASKS = makeTasks(8);
const SHOWN = displayed(TASKS, NEWEST_FIRST).map((task) => ({
  ...task,
  createdAt: task.createdAt.toISOString(),
}));

@Controller('/tasks')
class TasksController {
  @Get()
  byCursor(@Query() query: Record<string, unknown>) {
    const plan = keysetQuery(parseCursorQuery(query, 3, 5), NEWEST_FIRST);
    return keysetPage(fetchWindow(TASKS, plan), plan);
  }

  @Get('/pages')
  byPage(@Query() query: Record<string, unknown>) {
    const { page, limit } = PaginationHelper.parsePaginationQuery(query, 3, 5);
    const rows = displayed(TASKS, NEWEST_FIRST).slice((page - 1) * limit, page * limit);
    return paginate(rows, TASKS.length, page, limit);
  }
}

describe('pagination over HTTP', () => {
  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      setCursorSigningKey('a-test-signing-key-of-at-least-32-bytes!');
      served = await serve(
        createApp({ engine, controllers: [TasksController], openapi: false, graphql: false }),
      );
    });
    after(() => served.close());

    describe('when a client follows the cursors forward and back', () => {
      it('sees every task once, in order, and the same pages on the way back', async () => {
        const get = async (query: Record<string, string>) =>
          (await request(served.url).get('/tasks').query(query).expect(200)).body;
        const forward = [await get({})];
        for (let i = 0; i < TASKS.length && forward[forward.length - 1].meta.nextCursor; i++) {
          forward.push(await get({ cursor: forward[forward.length - 1].meta.nextCursor }));
        }
        expect(forward.flatMap((page) => page.data)).to.deep.equal(SHOWN);
        const back = [forward[forward.length - 1]];
        for (let i = 0; i < TASKS.length && back[0].meta.prevCursor; i++) {
          back.unshift(await get({ cursor: back[0].meta.prevCursor, direction: 'prev' }));
        }
        expect(back).to.deep.equal(forward);
      });
    });

    describe('when the cursor is garbage, tampered with or repeated', () => {
      it('answers 400 with the error body, never 500', async () => {
        const first = (await request(served.url).get('/tasks').expect(200)).body;
        const cursor: string = first.meta.nextCursor;
        const tampered = `${cursor.slice(0, 5)}${cursor[5] === 'A' ? 'B' : 'A'}${cursor.slice(6)}`;
        for (const bad of ['garbage', tampered, `${cursor}x`, '..']) {
          const res = await request(served.url).get('/tasks').query({ cursor: bad }).expect(400);
          expect(res.body).to.deep.equal({
            statusCode: 400,
            error: 'Bad Request',
            message: 'Invalid cursor',
            code: 'BAD_USER_INPUT',
          });
        }
        await request(served.url).get(`/tasks?cursor=${cursor}&cursor=${cursor}`).expect(400);
      });
    });

    describe('when limit is invalid or too large', () => {
      it('uses the default or the maximum', async () => {
        expect((await request(served.url).get('/tasks?limit=abc').expect(200)).body.meta.count).to.equal(3);
        expect((await request(served.url).get('/tasks?limit=-2').expect(200)).body.meta.count).to.equal(3);
        expect((await request(served.url).get('/tasks?limit=99').expect(200)).body.meta.count).to.equal(5);
      });
    });

    describe('when offset pages are asked', () => {
      it('answers with data and meta, including the last partial page and a page past the end', async () => {
        const second = (await request(served.url).get('/tasks/pages?page=2').expect(200)).body;
        expect(second.data).to.deep.equal(SHOWN.slice(3, 6));
        expect(second.meta).to.deep.equal({
          total: 8,
          page: 2,
          limit: 3,
          totalPages: 3,
          hasNext: true,
          hasPrev: true,
          from: 4,
          to: 6,
        });
        const last = (await request(served.url).get('/tasks/pages?page=3').expect(200)).body;
        expect(last.meta).to.include({ from: 7, to: 8, hasNext: false });
        const past = (await request(served.url).get('/tasks/pages?page=9&limit=0').expect(200)).body;
        expect(past).to.deep.include({ data: [] });
        expect(past.meta).to.include({ page: 9, limit: 3, from: 0, to: 0 });
      });
    });
  });
});
