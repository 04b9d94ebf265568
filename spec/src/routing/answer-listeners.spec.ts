import { expect } from 'chai';
import request from 'supertest';
import { Controller, createApp, defineModule, NotFoundException, Post } from '../../../src';
import type { RequestContext } from '../../../src/http/request-context';
import { recordInterceptor } from '../../../src/kernel/interceptors/record-interceptor';
import { onAnswer } from '../../../src/routing';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';

// What each listener heard, in the order it was told.
const heard: string[] = [];

// Two route interceptors, each registering its own listener on the request it wraps.
const listening = defineModule<undefined>({
  name: 'spec-listening',
  install(app) {
    for (const name of ['outer', 'inner'])
      app.interceptors.define({
        kind: `listen-${name}`,
        route: () => (ctx, next) => {
          onAnswer(ctx as RequestContext, (answer) =>
            heard.push(`${name} ${answer.status} ${answer.body ?? ''}`),
          );
          return next();
        },
      });
  },
});

// Decorators apply bottom-up: the one nearest the method is recorded first and wraps the others,
// so 'outer' registers its listener before 'inner' does.
const Listen = (name: 'outer' | 'inner') =>
  recordInterceptor({ kind: `listen-${name}`, module: 'spec-listening', label: `Listen('${name}')` });

@Controller('/notes')
class NotesController {
  @Post()
  @Listen('inner')
  @Listen('outer')
  create() {
    return { id: 1 };
  }

  @Post('/missing')
  @Listen('inner')
  @Listen('outer')
  missing() {
    throw new NotFoundException('No such note');
  }

  @Post('/empty')
  @Listen('inner')
  @Listen('outer')
  empty() {
    return undefined;
  }
}

describe('routing: onAnswer with several listeners on one request', () => {
  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      served = await serve(
        createApp({ engine, controllers: [NotesController], openapi: false }).install(listening, undefined),
      );
    });
    after(() => served.close());
    beforeEach(() => {
      heard.length = 0;
    });

    it('tells every listener the answer, in the order they were registered', async () => {
      await request(served.url).post('/notes').expect(201);
      expect(heard).to.deep.equal(['outer 201 {"id":1}', 'inner 201 {"id":1}']);
    });

    it('tells every listener an error answer and an empty one too', async () => {
      await request(served.url).post('/notes/missing').expect(404);
      expect(heard.map((line) => line.split(' ').slice(0, 2).join(' '))).to.deep.equal([
        'outer 404',
        'inner 404',
      ]);
      heard.length = 0;
      await request(served.url).post('/notes/empty').expect(204);
      expect(heard).to.deep.equal(['outer 204 ', 'inner 204 ']);
    });

    it("tells each request's listeners only its own answer, once", async () => {
      await request(served.url).post('/notes').expect(201);
      await request(served.url).post('/notes/empty').expect(204);
      expect(heard).to.deep.equal(['outer 201 {"id":1}', 'inner 201 {"id":1}', 'outer 204 ', 'inner 204 ']);
    });
  });
});
