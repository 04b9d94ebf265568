import { expect } from 'chai';
import request from 'supertest';
import { Controller, createApp, Delete, Param, Post, ResponseHeaders } from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';

@Controller('/items')
class ItemsController {
  @Post()
  create(@ResponseHeaders() headers: Record<string, string>) {
    headers.Location = '/items/42';
    return { id: 42 };
  }

  @Delete('/:id')
  remove(@Param('id') id: string, @ResponseHeaders() headers: Record<string, string>) {
    headers['X-Removed'] = id;
  }

  @Post('/fail')
  fail(@ResponseHeaders() headers: Record<string, string>) {
    headers.Location = '/never';
    throw new Error('boom');
  }
}

describe('ResponseHeaders()', () => {
  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      served = await serve(createApp({ engine, controllers: [ItemsController], openapi: false }));
    });
    after(() => served.close());

    it('sends the headers the handler set with its JSON answer', async () => {
      const res = await request(served.url).post('/items').expect(201, { id: 42 });
      expect(res.headers.location).to.equal('/items/42');
    });

    it('sends them with an empty answer too', async () => {
      const res = await request(served.url).delete('/items/7').expect(204);
      expect(res.headers['x-removed']).to.equal('7');
    });

    it('leaves them off an error answer', async () => {
      const res = await request(served.url).post('/items/fail').expect(500);
      expect(res.headers).not.to.have.property('location');
    });
  });
});
