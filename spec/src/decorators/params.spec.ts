import { expect } from 'chai';
import request from 'supertest';
import { z } from 'zod';
import { Body, Controller, Cookie, createApp, Get, Header, Param, Post, Query } from '../../../src';
import { metadataRegistry } from '../../../src/kernel/metadata/registry';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';

const Item = z.object({ name: z.string(), tags: z.array(z.string()).default([]) });
const Paging = z.object({ page: z.coerce.number().int().min(1), q: z.string().optional() });

@Controller('/params')
class ParamsController {
  @Post('/raw-body')
  rawBody(@Body() body: unknown) {
    return { body };
  }

  @Post('/body')
  body(@Body(Item) item: z.infer<typeof Item>) {
    return item;
  }

  @Get('/raw-query')
  rawQuery(@Query() query: Record<string, unknown>) {
    return { query };
  }

  @Get('/query')
  query(@Query(Paging) paging: z.infer<typeof Paging>) {
    return { paging, pageType: typeof paging.page };
  }

  @Get('/one/:id')
  one(@Param('id') id: unknown) {
    return { id, type: typeof id };
  }

  @Get('/coerced/:id')
  coerced(@Param('id', z.coerce.number().int()) id: number) {
    return { id, type: typeof id };
  }

  @Get('/all/:a/:b')
  all(@Param() params: Record<string, string>) {
    return { params: { ...params } };
  }

  @Get('/schema/:a/:b')
  allWithSchema(@Param(z.object({ a: z.coerce.number(), b: z.enum(['x', 'y']) })) params: unknown) {
    return { params };
  }

  @Get('/header')
  header(@Header('X-Trace-Id') trace: unknown) {
    return { trace };
  }

  @Get('/header-count')
  headerCount(@Header('x-count', z.coerce.number().max(10)) count: number) {
    return { count, type: typeof count };
  }

  @Get('/headers')
  headers(@Header() headers: Record<string, string>) {
    return { custom: headers['x-custom'] };
  }

  @Get('/cookie')
  cookie(@Cookie('sid') sid: unknown) {
    return { sid: sid ?? null };
  }

  @Get('/cookies')
  cookies(@Cookie() cookies: Record<string, string>) {
    return { cookies: { ...cookies } };
  }

  @Get('/cookie-schema')
  cookieSchema(@Cookie('theme', z.enum(['light', 'dark'])) theme: string) {
    return { theme };
  }
}

describe('Body/Query/Param/Header/Cookie', () => {
  it('record kind, name and schema of each parameter at its index', () => {
    const params = metadataRegistry.find(ParamsController)!.methods.get('coerced')!.params;
    expect(params).to.have.length(1);
    expect(params[0]).to.include({ index: 0, kind: 'param', name: 'id' });
    expect(params[0]).to.have.property('schema').that.is.an('object');
    const all = metadataRegistry.find(ParamsController)!.methods.get('allWithSchema')!.params[0];
    expect(all).to.include({ kind: 'param' });
    expect('name' in all ? all.name : undefined).to.equal(undefined);
    expect(all).to.have.property('schema').that.is.an('object');
  });

  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      served = await serve(createApp({ engine, controllers: [ParamsController] }));
    });
    after(() => served.close());

    describe('Body', () => {
      it('without a schema, gives the parsed JSON as sent', async () => {
        await request(served.url)
          .post('/params/raw-body')
          .send({ a: 1, extra: [true] })
          .expect(201, { body: { a: 1, extra: [true] } });
      });

      it('with a schema, gives the parsed value: unknown keys stripped, defaults applied', async () => {
        await request(served.url)
          .post('/params/body')
          .send({ name: 'pen', extra: 1 })
          .expect(201, { name: 'pen', tags: [] });
      });
    });

    describe('Query', () => {
      it('without a schema, gives every value as a string', async () => {
        await request(served.url)
          .get('/params/raw-query?page=2&flag=true')
          .expect(200, { query: { page: '2', flag: 'true' } });
      });

      it('with a schema, coerces the strings', async () => {
        await request(served.url)
          .get('/params/query?page=3&q=ink')
          .expect(200, { paging: { page: 3, q: 'ink' }, pageType: 'number' });
      });
    });

    describe('Param', () => {
      it('by name without a schema, gives the raw string', async () => {
        await request(served.url).get('/params/one/42').expect(200, { id: '42', type: 'string' });
      });

      it('by name with a schema, gives the coerced value', async () => {
        await request(served.url).get('/params/coerced/42').expect(200, { id: 42, type: 'number' });
      });

      it('decodes percent-encoded values', async () => {
        await request(served.url).get('/params/one/a%20b').expect(200, { id: 'a b', type: 'string' });
      });

      it('without a name, gives every path parameter', async () => {
        await request(served.url)
          .get('/params/all/1/two')
          .expect(200, { params: { a: '1', b: 'two' } });
      });

      it('without a name but with a schema, validates the whole set', async () => {
        await request(served.url)
          .get('/params/schema/5/x')
          .expect(200, { params: { a: 5, b: 'x' } });
        const res = await request(served.url).get('/params/schema/5/z').expect(422);
        expect(res.body.details.map((d: { path: string }) => d.path)).to.deep.equal(['params.b']);
      });
    });

    describe('Header', () => {
      it('by name, matches whatever case the decorator and the client use', async () => {
        await request(served.url)
          .get('/params/header')
          .set('x-TRACE-id', 'abc')
          .expect(200, { trace: 'abc' });
      });

      it('by name with a schema, coerces the value', async () => {
        await request(served.url)
          .get('/params/header-count')
          .set('X-Count', '7')
          .expect(200, { count: 7, type: 'number' });
        const res = await request(served.url).get('/params/header-count').set('X-Count', '70').expect(422);
        expect(res.body.details[0].path).to.equal('headers.x-count');
      });

      it('without a name, gives every header', async () => {
        await request(served.url)
          .get('/params/headers')
          .set('X-Custom', 'yes')
          .expect(200, { custom: 'yes' });
      });
    });

    describe('Cookie', () => {
      it('by name, gives the cookie value', async () => {
        await request(served.url)
          .get('/params/cookie')
          .set('Cookie', 'sid=s%3A1; other=2')
          .expect(200, { sid: 's:1' });
      });

      it('by name, gives undefined when the request has no cookie', async () => {
        await request(served.url).get('/params/cookie').expect(200, { sid: null });
      });

      it('without a name, gives every cookie', async () => {
        await request(served.url)
          .get('/params/cookies')
          .set('Cookie', 'a=1; b=2')
          .expect(200, { cookies: { a: '1', b: '2' } });
      });

      it('with a schema, refuses a value outside it with a 422', async () => {
        await request(served.url).get('/params/cookie-schema').set('Cookie', 'theme=dark').expect(200, {
          theme: 'dark',
        });
        const res = await request(served.url)
          .get('/params/cookie-schema')
          .set('Cookie', 'theme=neon')
          .expect(422);
        expect(res.body.details[0].path).to.equal('cookies.theme');
      });
    });
  });
});
