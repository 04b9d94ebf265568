import { expect } from 'chai';
import request from 'supertest';
import { All, Controller, createApp, Delete, Get, Param, Patch, Post } from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';

@Controller('/notes')
class NotesController {
  @Get()
  list() {
    return [];
  }

  @Post()
  create() {
    return { id: '1' };
  }

  @Patch('/:id')
  update(@Param('id') id: string) {
    return { id };
  }

  @Delete('/:noteId')
  remove() {}

  @Post('/:id/archive')
  archive() {
    return { archived: true };
  }
}

@Controller('/anything')
class AnyMethodController {
  @All()
  any() {
    return { ok: true };
  }
}

describe('a known path asked with a method it does not serve', () => {
  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      served = await serve(
        createApp({ engine, controllers: [NotesController, AnyMethodController], openapi: false }),
      );
    });
    after(() => served.close());

    it('answers 405 with Allow listing the methods served there, HEAD beside GET', async () => {
      const res = await request(served.url).put('/notes?x=1').expect(405);
      expect(res.headers.allow).to.equal('GET, HEAD, POST');
      expect(res.body).to.deep.equal({
        statusCode: 405,
        error: 'Method Not Allowed',
        message: 'Method PUT is not allowed on /notes',
        code: 'METHOD_NOT_ALLOWED',
      });
    });

    it('merges the methods of routes whose parameters have different names', async () => {
      const res = await request(served.url).get('/notes/7').expect(405);
      expect(res.headers.allow).to.equal('PATCH, DELETE');
    });

    it('lists no HEAD where no GET is served', async () => {
      const res = await request(served.url).get('/notes/7/archive').expect(405);
      expect(res.headers.allow).to.equal('POST');
    });

    it('keeps 404 for a path no route has, and for a path served by All()', async () => {
      await request(served.url).put('/notes/7/unknown').expect(404);
      await request(served.url).put('/anything').expect(200, { ok: true });
    });

    it('lists the methods of paths served beside the routes (the OpenAPI document)', async () => {
      const withDocs = await serve(createApp({ engine, controllers: [NotesController] }));
      try {
        const res = await request(withDocs.url).delete('/openapi.json').expect(405);
        expect(res.headers.allow).to.equal('GET, HEAD');
      } finally {
        await withDocs.close();
      }
    });
  });
});
