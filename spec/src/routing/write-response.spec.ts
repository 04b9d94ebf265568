import { expect } from 'chai';
import request from 'supertest';
import { Body, Controller, createApp, Delete, Get, Post, Put } from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';

@Controller('/notes')
class NotesController {
  @Get()
  list() {
    return [{ id: 1, text: 'á 🌍' }];
  }

  @Post()
  create(@Body() note: object) {
    return { id: 2, ...note };
  }

  @Put('/:id')
  replace() {
    return { replaced: true };
  }

  @Delete('/:id')
  remove() {
    return undefined;
  }

  @Post('/silent')
  async silent() {}

  @Get('/null')
  nothing() {
    return null;
  }

  @Get('/falsy')
  falsy() {
    return 0;
  }

  @Get('/text')
  text() {
    return 'plain string';
  }

  @Get('/async')
  async later() {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { later: true };
  }
}

describe('writing the response', () => {
  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      served = await serve(createApp({ engine, controllers: [NotesController] }));
    });
    after(() => served.close());

    it('when a GET handler returns a value, sends it as JSON with 200', async () => {
      const res = await request(served.url).get('/notes').expect(200);
      expect(res.headers['content-type']).to.equal('application/json; charset=utf-8');
      expect(res.body).to.deep.equal([{ id: 1, text: 'á 🌍' }]);
    });

    it('when a POST handler returns a value, sends 201', async () => {
      await request(served.url).post('/notes').send({ text: 'hi' }).expect(201, { id: 2, text: 'hi' });
    });

    it('when a PUT handler returns a value, sends 200', async () => {
      await request(served.url).put('/notes/1').expect(200, { replaced: true });
    });

    it('when a handler returns undefined, sends 204 without a body', async () => {
      const res = await request(served.url).delete('/notes/1').expect(204);
      expect(res.text ?? '').to.equal('');
      await request(served.url).post('/notes/silent').expect(204);
    });

    it('when a handler returns null, 0 or a string, sends them as JSON', async () => {
      await request(served.url).get('/notes/null').expect(200).expect('null');
      await request(served.url).get('/notes/falsy').expect(200).expect('0');
      await request(served.url).get('/notes/text').expect(200).expect('"plain string"');
    });

    it('when a handler is async, sends what its promise resolves to', async () => {
      await request(served.url).get('/notes/async').expect(200, { later: true });
    });
  });
});
