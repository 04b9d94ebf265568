import { expect } from 'chai';
import request from 'supertest';
import { z } from 'zod';
import { Body, Controller, createApp, Get, Param, Post } from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';

@Controller('/hello')
class HelloController {
  @Get()
  hello() {
    return { hello: 'world' };
  }

  @Get('/:id')
  one(@Param('id', z.coerce.number().int()) id: number) {
    return { id };
  }

  @Post()
  create(@Body(z.object({ name: z.string() })) body: { name: string }) {
    return body;
  }
}

describe('smoke', () => {
  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      served = await serve(createApp({ engine, controllers: [HelloController] }));
    });
    after(() => served.close());

    it('answers', async () => {
      const res = await request(served.url).get('/hello').expect(200);
      expect(res.body).to.deep.equal({ hello: 'world' });
      await request(served.url).get('/hello/12').expect(200, { id: 12 });
      const bad = await request(served.url).get('/hello/x').expect(422);
      expect(bad.body.details[0].path).to.equal('params.id');
      await request(served.url).post('/hello').send({ name: 'a' }).expect(201, { name: 'a' });
      await request(served.url)
        .post('/hello')
        .set('content-type', 'application/json')
        .send('{bad')
        .expect(400);
      await request(served.url).get('/nope').expect(404);
    });
  });
});
