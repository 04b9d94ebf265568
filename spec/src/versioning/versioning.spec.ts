import { expect } from 'chai';
import request from 'supertest';
import { z } from 'zod';
import {
  Body,
  Controller,
  contract,
  createApp,
  Deprecated,
  Get,
  Implements,
  NotFoundException,
  Post,
  VERSION_NEUTRAL,
  Version,
  type VersioningOptions,
} from '../../../src';
import { createClient } from '../../../src/client';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';

const SUNSET = new Date('2030-01-01T00:00:00Z');
const SINCE = new Date('2025-06-01T00:00:00Z');

const itemsV3 = contract({
  item: {
    method: 'GET',
    path: '/contract-items',
    version: '3',
    responses: { 200: z.object({ v: z.number() }) },
  },
});

@Controller({ path: '/items', version: '1' })
@Deprecated({ since: SINCE, sunset: SUNSET, link: '/v2/items' })
class ItemsV1 {
  @Get()
  list() {
    return { v: 1 };
  }

  @Get('/gone')
  gone() {
    throw new NotFoundException('No such item');
  }

  @Post()
  create(@Body(z.object({ name: z.string() })) body: { name: string }) {
    return body;
  }
}

@Controller({ path: '/items', version: '2' })
class ItemsV2 {
  @Get()
  list() {
    return { v: 2 };
  }

  @Get('/both')
  @Version(['2', '3'])
  both() {
    return { v: 'two or three' };
  }
}

@Controller({ path: '/health', version: VERSION_NEUTRAL })
class Health {
  @Get()
  health() {
    return { ok: true };
  }
}

@Controller()
class ContractItems {
  @Implements(itemsV3.item)
  item() {
    return { v: 3 };
  }
}

const CONTROLLERS = [ItemsV1, ItemsV2, Health, ContractItems];

describe('API versions', () => {
  forEachEngine((engine) => {
    const start = (versioning: VersioningOptions) =>
      serve(
        createApp({
          engine,
          versioning,
          controllers: CONTROLLERS,
          openapi: { title: 'Items', version: 'all' },
        }),
      );

    describe("with versioning { type: 'uri' }", () => {
      let served: Served;
      before(async () => {
        served = await start({ type: 'uri' });
      });
      after(() => served.close());

      it('serves each version under /v<version>, a neutral route without a prefix', async () => {
        await request(served.url).get('/v1/items').expect(200, { v: 1 });
        await request(served.url).get('/v2/items').expect(200, { v: 2 });
        await request(served.url).get('/v3/items/both').expect(200, { v: 'two or three' });
        await request(served.url).get('/v3/contract-items').expect(200, { v: 3 });
        await request(served.url).get('/health').expect(200, { ok: true });
      });

      it("lets the client send a contract route's version in the path", async () => {
        const answer = await createClient(itemsV3, {
          baseUrl: served.url,
          versioning: { type: 'uri' },
        }).item();
        expect(answer).to.include({ status: 200 });
        expect(answer.body).to.deep.equal({ v: 3 });
      });

      it('answers an unknown version, or none, with 404', async () => {
        const res = await request(served.url).get('/v9/items').expect(404);
        expect(res.body.code).to.equal('NOT_FOUND');
        await request(served.url).get('/items').expect(404);
      });

      it('marks a deprecated version with Deprecation, Sunset and a successor Link', async () => {
        const old = await request(served.url).get('/v1/items').expect(200);
        expect(old.headers.deprecation).to.equal(`@${SINCE.getTime() / 1000}`);
        expect(old.headers.sunset).to.equal('Tue, 01 Jan 2030 00:00:00 GMT');
        expect(old.headers.link).to.equal('</v2/items>; rel="successor-version"');
        const current = await request(served.url).get('/v2/items').expect(200);
        expect(current.headers).not.to.have.property('deprecation');
      });

      it('marks the error answers of a deprecated version too: thrown, refused by its schema, unreadable body', async () => {
        const answers = [
          await request(served.url).get('/v1/items/gone').expect(404),
          await request(served.url).post('/v1/items').send({ name: 1 }).expect(422),
          await request(served.url)
            .post('/v1/items')
            .set('Content-Type', 'application/json')
            .send('{"name":')
            .expect(400),
        ];
        for (const answer of answers) {
          expect(answer.body.statusCode).to.equal(answer.status);
          expect(answer.headers.deprecation).to.equal(`@${SINCE.getTime() / 1000}`);
          expect(answer.headers.sunset).to.equal('Tue, 01 Jan 2030 00:00:00 GMT');
          expect(answer.headers.link).to.equal('</v2/items>; rel="successor-version"');
        }
        await request(served.url).post('/v1/items').send({ name: 'n' }).expect(201, { name: 'n' });
        const missing = await request(served.url).get('/v2/items/gone').expect(404);
        expect(missing.headers).not.to.have.property('deprecation');
      });
    });

    describe("with versioning { type: 'header', header: 'X-API-Version' }", () => {
      let served: Served;
      before(async () => {
        served = await start({ type: 'header', header: 'X-API-Version' });
      });
      after(() => served.close());

      it('picks the route of the version the header asks for', async () => {
        await request(served.url).get('/items').set('x-api-version', '1').expect(200, { v: 1 });
        await request(served.url).get('/items').set('x-api-version', '2').expect(200, { v: 2 });
        await request(served.url).get('/contract-items').set('x-api-version', '3').expect(200, { v: 3 });
        await request(served.url).get('/health').set('x-api-version', '7').expect(200, { ok: true });
      });

      it('serves an OpenAPI document per version, with the neutral routes in each', async () => {
        const v1 = (await request(served.url).get('/openapi/v1.json').expect(200)).body;
        expect(v1.info.version).to.equal('1');
        expect(Object.keys(v1.paths).sort()).to.deep.equal(['/health', '/items', '/items/gone']);
        expect(v1.paths['/items'].get.responses['200']).to.have.property('content');
        const v3 = (await request(served.url).get('/openapi/v3.json').expect(200)).body;
        expect(Object.keys(v3.paths).sort()).to.deep.equal(['/contract-items', '/health', '/items/both']);
        await request(served.url).get('/openapi/v9.json').expect(404);
      });

      it("lets the client send a contract route's version in the header", async () => {
        const versioning = { type: 'header', header: 'X-API-Version' } as const;
        const answer = await createClient(itemsV3, { baseUrl: served.url, versioning }).item();
        expect(answer.body).to.deep.equal({ v: 3 });
      });

      it('answers an unknown or missing version with 404', async () => {
        const res = await request(served.url).get('/items').set('x-api-version', '9').expect(404);
        expect(res.body.code).to.equal('NOT_FOUND');
        await request(served.url).get('/items').expect(404);
      });
    });

    describe("with versioning { type: 'media-type', key: 'v=' }", () => {
      let served: Served;
      before(async () => {
        served = await start({ type: 'media-type', key: 'v=' });
      });
      after(() => served.close());

      it('picks the route of the version the Accept parameter names', async () => {
        await request(served.url).get('/items').set('accept', 'application/json;v=2').expect(200, { v: 2 });
        const old = await request(served.url)
          .get('/items')
          .set('accept', 'application/json; v=1')
          .expect(200);
        expect(old.body).to.deep.equal({ v: 1 });
        expect(old.headers.deprecation).to.equal(`@${SINCE.getTime() / 1000}`);
        await request(served.url).get('/items').set('accept', 'application/json;v=5').expect(404);
      });

      it("lets the client send a contract route's version in Accept", async () => {
        const versioning = { type: 'media-type', key: 'v=' } as const;
        const answer = await createClient(itemsV3, { baseUrl: served.url, versioning }).item();
        expect(answer.body).to.deep.equal({ v: 3 });
      });
    });
  });

  it('refuses a versioning option of an unknown type at createApp', () => {
    expect(() => createApp({ versioning: { type: 'query' } as never })).to.throw(/options\.versioning/);
  });
});
