import { expect } from 'chai';
import request from 'supertest';
import { Controller, Cookie, createApp, Get, Param, Query, Req } from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { sendRaw } from './raw-http';

@Controller('/things')
class ThingsController {
  @Get()
  list() {
    return ['a', 'b'];
  }

  @Get('/:id')
  one(@Param('id') id: string) {
    return { id };
  }

  @Get('/files/*path')
  file(@Param('path') path: string) {
    return { path };
  }

  @Get('/search/query')
  search(@Query() query: Record<string, unknown>) {
    return { query };
  }

  @Get('/cookies/all')
  cookies(@Cookie() cookies: Record<string, unknown>) {
    return { cookies };
  }

  @Get('/client/ip')
  ip(@Req() req: { ip?: string }) {
    return { ip: req.ip };
  }
}

function notFound(method: string, path: string) {
  return { statusCode: 404, error: 'Not Found', message: `Cannot ${method} ${path}`, code: 'NOT_FOUND' };
}

describe('routing', () => {
  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      served = await serve(createApp({ engine, controllers: [ThingsController] }));
    });
    after(() => served.close());

    it('ignores a trailing slash', async () => {
      await request(served.url).get('/things/').expect(200, ['a', 'b']);
      await request(served.url).get('/things/7/').expect(200, { id: '7' });
    });

    it('matches paths case-sensitively', async () => {
      const res = await request(served.url).get('/Things').expect(404);
      expect(res.body).to.deep.equal(notFound('GET', '/Things'));
    });

    it('gives a named wildcard the rest of the path, decoded', async () => {
      await request(served.url).get('/things/files/a/b/c%20d.txt').expect(200, { path: 'a/b/c d.txt' });
    });

    it('answers an unknown path with 404 naming the method and the path, not the query', async () => {
      const res = await request(served.url).get('/nowhere?x=1').expect(404);
      expect(res.body).to.deep.equal(notFound('GET', '/nowhere'));
      const wrongMethod = await request(served.url).delete('/nowhere').expect(404);
      expect(wrongMethod.body).to.deep.equal(notFound('DELETE', '/nowhere'));
    });

    it('when the path has malformed percent-encoding, answers 404', async () => {
      const res = await sendRaw(served.url, { method: 'GET', path: '/things/%E0%A4%A' });
      expect([res.status, JSON.parse(res.text)]).to.deep.equal([404, notFound('GET', '/things/%E0%A4%A')]);
    });

    it('when a path parameter is over 500 characters, answers 404', async () => {
      await request(served.url)
        .get(`/things/${'x'.repeat(500)}`)
        .expect(200);
      const long = `/things/${'x'.repeat(501)}`;
      const res = await request(served.url).get(long).expect(404);
      expect(res.body).to.deep.equal(notFound('GET', long));
    });

    it('parses the query string: repeated keys as arrays, + as a space, empty values as ""', async () => {
      await request(served.url)
        .get('/things/search/query?tag=a&tag=b&q=hello+world&empty=&enc=%C3%A9')
        .expect(200, { query: { tag: ['a', 'b'], q: 'hello world', empty: '', enc: 'é' } });
    });

    it('parses cookies: decoded values and j: JSON cookies', async () => {
      await request(served.url)
        .get('/things/cookies/all')
        .set('Cookie', 'name=J%C3%B6rg; prefs=j%3A%7B%22dark%22%3Atrue%7D; plain=1')
        .expect(200, { cookies: { name: 'Jörg', prefs: { dark: true }, plain: '1' } });
    });

    it('gives the client address as req.ip', async () => {
      await request(served.url).get('/things/client/ip').set('X-Forwarded-For', '203.0.113.9').expect(200, {
        ip: '127.0.0.1',
      });
    });
  });

  forEachEngine((engine) => {
    // true trusts every hop (the client is the first address); 1 trusts the nearest proxy only.
    for (const [trustProxy, ip] of [
      [true, '198.51.100.1'],
      [1, '203.0.113.9'],
    ] as const) {
      it(`with trustProxy ${trustProxy}, takes req.ip from X-Forwarded-For`, async () => {
        const served = await serve(createApp({ engine, controllers: [ThingsController], trustProxy }));
        try {
          await request(served.url)
            .get('/things/client/ip')
            .set('X-Forwarded-For', '198.51.100.1, 203.0.113.9')
            .expect(200, { ip });
        } finally {
          await served.close();
        }
      });
    }
  });
});
