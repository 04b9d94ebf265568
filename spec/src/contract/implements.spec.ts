import { expect } from 'chai';
import request from 'supertest';
import { z } from 'zod';
import { Controller, contract, createApp, Get, Implements, Param, Returns } from '../../../src';
import { forEachEngine } from '../../support/engines';
import { expectCode } from '../../support/expect-code';
import { type Served, serve } from '../../support/serve';
import { NotesController } from './notes-controller';

describe('Implements(route): a controller method serving a contract route', () => {
  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      served = await serve(createApp({ engine, controllers: [NotesController] }));
    });
    after(() => served.close());

    it('serves the route at its method and path, its answer serialized by the success schema', async () => {
      const res = await request(served.url).get('/notes/n1').expect(200);
      expect(res.body).to.deep.equal({ id: 'n1', text: 'first', pinned: true });
    });

    it('validates path parameters with the contract (422), and lets the handler answer its errors', async () => {
      const bad = await request(served.url).get('/notes/x1').expect(422);
      expect(bad.body.code).to.equal('BAD_USER_INPUT');
      expect(bad.body.details[0].path).to.equal('params.id');
      await request(served.url).get('/notes/n9').expect(404);
    });

    it('validates the query with the contract', async () => {
      await request(served.url).get('/notes?pinned=maybe').expect(422);
      const pinned = await request(served.url).get('/notes?pinned=true').expect(200);
      expect(pinned.body.map((note: { id: string }) => note.id)).to.deep.equal(['n1']);
    });

    it('validates body and headers with the contract, and answers with the success status it declares', async () => {
      const bad = await request(served.url)
        .post('/notes')
        .set('x-author', 'a')
        .send({ text: '' })
        .expect(422);
      expect(bad.body.details.map((detail: { path: string }) => detail.path)).to.have.members([
        'body.text',
        'headers.x-author',
      ]);
      const made = await request(served.url).post('/notes').set('x-author', 'ada').send({ text: 'hi' });
      expect([made.status, made.body]).to.deep.equal([201, { id: 'n3', text: 'hi (ada)', pinned: false }]);
    });

    it('answers a route whose success has no body with that status and no body', async () => {
      const res = await request(served.url).delete('/notes/n1').expect(204);
      expect(res.text).to.equal('');
    });

    it('fills a named wildcard of the contract path', async () => {
      await request(served.url).get('/files/a/b.txt').expect(200, { rest: 'a/b.txt' });
    });

    it('documents every answer of the contract with its schema', async () => {
      const doc = (await request(served.url).get('/openapi.json').expect(200)).body;
      const getNote = doc.paths['/notes/{id}'].get;
      expect(getNote.summary).to.equal('One note');
      expect(Object.keys(getNote.responses)).to.include.members(['200', '404', '422']);
      expect(getNote.responses['404'].content['application/json'].schema).to.deep.equal({
        $ref: '#/components/schemas/Error',
      });
      expect(doc.paths['/notes/{id}'].delete.responses['204']).to.deep.equal({ description: 'No Content' });
      expect(doc.paths['/notes'].post.responses['409'].description).to.equal('Conflict');
    });

    it('documents the headers of its answers: Retry-After on 429 and 503, and those the route declares', async () => {
      const doc = (await request(served.url).get('/openapi.json').expect(200)).body;
      const { responses } = doc.paths['/notes'].post;
      expect(Object.keys(responses['429'].headers)).to.have.members([
        'Retry-After',
        'RateLimit-Policy',
        'RateLimit',
      ]);
      expect(responses['429'].content['application/json'].schema).to.deep.equal({
        $ref: '#/components/schemas/Error',
      });
      expect(responses['503'].headers).to.deep.equal({
        'Retry-After': {
          description: 'Seconds to wait before trying again, when known',
          schema: { type: 'integer', minimum: 0 },
        },
      });
      expect(responses['201'].headers).to.deep.equal({
        Location: { description: 'Where the new note is', schema: { type: 'string' } },
      });
      expect(responses['409']).not.to.have.property('headers');
      expect(doc.paths['/notes/{id}'].get.responses['200']).not.to.have.property('headers');
    });
  });

  describe('refuses at ready()', () => {
    const api = contract({
      one: {
        method: 'GET',
        path: '/one/:id',
        params: z.object({ id: z.string() }),
        responses: { 200: z.string() },
      },
    });

    it('a method that implements a route and declares its own HTTP route', async () => {
      @Controller()
      class Twice {
        @Implements(api.one)
        @Get('/other')
        one() {
          return 'x';
        }
      }
      const err = await createApp({ controllers: [Twice] })
        .ready()
        .catch((error: unknown) => error);
      expect(expectCode(err, 'TRELLIS_ERR_CONTRACT_CONFLICT').message).to.include('Twice.one');
    });

    it('a method that implements a route and declares Returns', async () => {
      @Controller()
      class WithReturns {
        @Implements(api.one)
        @Returns(z.string())
        one() {
          return 'x';
        }
      }
      const err = await createApp({ controllers: [WithReturns] })
        .ready()
        .catch((error: unknown) => error);
      expectCode(err, 'TRELLIS_ERR_CONTRACT_CONFLICT');
    });

    it('a contract route in a controller with a prefix (the contract path is whole)', async () => {
      @Controller('/api')
      class Prefixed {
        @Implements(api.one)
        one() {
          return 'x';
        }
      }
      const err = await createApp({ controllers: [Prefixed] })
        .ready()
        .catch((error: unknown) => error);
      expectCode(err, 'TRELLIS_ERR_CONTRACT_PREFIX');
    });

    it('a Param() naming no field of the route', async () => {
      @Controller()
      class Misnamed {
        @Implements(api.one)
        one(@Param('ident') ident: string) {
          return ident;
        }
      }
      const err = await createApp({ controllers: [Misnamed] })
        .ready()
        .catch((error: unknown) => error);
      expectCode(err, 'TRELLIS_ERR_CONTRACT_FIELD');
    });
  });
});
