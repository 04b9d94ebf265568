import { expect } from 'chai';
import request from 'supertest';
import { All, Body, Controller, createApp, Get, NotFoundException, Param, Post } from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';

const versions = new Map<string, number>();

@Controller('/notes')
class NotesController {
  @Get('/:id')
  one(@Param('id') id: string) {
    const version = versions.get(id);
    if (version === undefined) throw new NotFoundException('No such note');
    return { id, version };
  }

  @Post()
  create(@Body() body: unknown) {
    return body;
  }

  @All('/any/route')
  any() {
    return { any: true };
  }
}

describe('etag option', () => {
  forEachEngine((engine) => {
    describe('when on', () => {
      let served: Served;
      before(async () => {
        served = await serve(createApp({ engine, controllers: [NotesController], etag: true }));
      });
      beforeEach(() => {
        versions.clear();
        versions.set('1', 1);
      });
      after(() => served.close());

      it('tags a 200 answer to GET with a weak ETag computed from the body', async () => {
        const first = await request(served.url).get('/notes/1').expect(200, { id: '1', version: 1 });
        expect(first.headers.etag).to.match(/^W\/"[0-9a-f]+-[\w+/]+"$/);
        const again = await request(served.url).get('/notes/1').expect(200);
        expect(again.headers.etag).to.equal(first.headers.etag);
        versions.set('1', 2);
        const changed = await request(served.url).get('/notes/1').expect(200, { id: '1', version: 2 });
        expect(changed.headers.etag).to.not.equal(first.headers.etag);
      });

      it('answers 304 without a body while If-None-Match still matches, 200 once the body changed', async () => {
        const { headers } = await request(served.url).get('/notes/1').expect(200);
        const unchanged = await request(served.url)
          .get('/notes/1')
          .set('If-None-Match', headers.etag)
          .expect(304);
        expect(unchanged.text).to.equal('');
        expect(unchanged.headers.etag).to.equal(headers.etag);
        expect(unchanged.headers['content-length'] ?? '0').to.equal('0');
        versions.set('1', 2);
        await request(served.url)
          .get('/notes/1')
          .set('If-None-Match', headers.etag)
          .expect(200, { id: '1', version: 2 });
      });

      it('matches one tag of a list, and the wildcard', async () => {
        const { headers } = await request(served.url).get('/notes/1').expect(200);
        await request(served.url)
          .get('/notes/1')
          .set('If-None-Match', `W/"other", ${headers.etag}`)
          .expect(304);
        await request(served.url).get('/notes/1').set('If-None-Match', '*').expect(304);
      });

      it('answers in full when the request says Cache-Control: no-cache', async () => {
        const { headers } = await request(served.url).get('/notes/1').expect(200);
        await request(served.url)
          .get('/notes/1')
          .set('If-None-Match', headers.etag)
          .set('Cache-Control', 'no-cache')
          .expect(200, { id: '1', version: 1 });
      });

      it('gives HEAD the tag GET gives', async () => {
        const { headers } = await request(served.url).get('/notes/1').expect(200);
        const head = await request(served.url).head('/notes/1').expect(200);
        expect(head.headers.etag).to.equal(headers.etag);
        await request(served.url).head('/notes/1').set('If-None-Match', headers.etag).expect(304);
      });

      it('tags neither errors nor answers to other methods', async () => {
        const missing = await request(served.url).get('/notes/2').set('If-None-Match', '*').expect(404);
        expect(missing.headers.etag).to.equal(undefined);
        expect(missing.body.statusCode).to.equal(404);
        const created = await request(served.url)
          .post('/notes')
          .send({ text: 'hi' })
          .expect(201, { text: 'hi' });
        expect(created.headers.etag).to.equal(undefined);
      });

      it('on an All() route, tags GET and leaves the other methods alone', async () => {
        const got = await request(served.url).get('/notes/any/route').expect(200, { any: true });
        expect(got.headers.etag).to.match(/^W\//);
        await request(served.url).get('/notes/any/route').set('If-None-Match', got.headers.etag).expect(304);
        const put = await request(served.url)
          .put('/notes/any/route')
          .set('If-None-Match', got.headers.etag)
          .expect(200, { any: true });
        expect(put.headers.etag).to.equal(undefined);
      });
    });

    describe('when off (the default)', () => {
      let served: Served;
      before(async () => {
        served = await serve(createApp({ engine, controllers: [NotesController] }));
        versions.set('1', 1);
      });
      after(() => served.close());

      it('sends no ETag and ignores If-None-Match', async () => {
        const res = await request(served.url)
          .get('/notes/1')
          .set('If-None-Match', '*')
          .expect(200, { id: '1', version: 1 });
        expect(res.headers.etag).to.equal(undefined);
      });
    });
  });
});
