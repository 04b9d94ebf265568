import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Stream } from 'node:stream';
import { runInNewContext } from 'node:vm';
import { expect } from 'chai';
import request from 'supertest';
import { Controller, createApp, Get } from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { buildShop } from './support/build-shop';
import { validateOpenApi } from './support/validate-openapi';

const DIST = dirname(require.resolve('swagger-ui-dist/package.json'));

@Controller('/docs')
class DocsPageController {
  @Get()
  page() {
    return { mine: true };
  }
}

/** A supertest parser that keeps the body as bytes, whatever its type. */
function rawBody(res: Stream, done: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

/** The URLs a Swagger UI page loads (stylesheets, icons, scripts), resolved against the page. */
function assetUrls(html: string, pageUrl: string): string[] {
  return [...html.matchAll(/(?:href|src)="([^"]+)"/g)].map((match) => new URL(match[1], pageUrl).href);
}

/** Runs the page's initializer as a browser would, and returns the document URL it gives Swagger UI. */
function documentUrlOf(script: string, scriptUrl: string): string {
  const configs: { url: string }[] = [];
  const SwaggerUIBundle = Object.assign((config: { url: string }) => configs.push(config), {
    presets: { apis: {} },
    plugins: { DownloadUrl: {} },
  });
  const window: { onload?: () => void } = {};
  runInNewContext(script, {
    window,
    document: { currentScript: { src: scriptUrl } },
    SwaggerUIBundle,
    SwaggerUIStandalonePreset: {},
    URL,
  });
  window.onload?.();
  expect(configs).to.have.length(1);
  return configs[0].url;
}

describe('openapi feature', () => {
  forEachEngine((engine) => {
    describe('with title, version and description', () => {
      let served: Served;
      before(async () => {
        served = await serve(
          buildShop({
            engine,
            openapi: { title: 'Shop', version: '2.0.0', description: 'Everything for sale' },
          }),
        );
      });
      after(() => served.close());

      it('serves GET /openapi.json as JSON, and the document passes the OpenAPI validator', async () => {
        const res = await request(served.url).get('/openapi.json').expect(200);
        expect(res.headers['content-type']).to.equal('application/json; charset=utf-8');
        expect(res.body.info).to.deep.equal({
          title: 'Shop',
          version: '2.0.0',
          description: 'Everything for sale',
        });
        expect(res.body.paths).to.have.property('/customers/{customerId}/orders/{orderId}');
        const { valid, errors } = await validateOpenApi(res.body);
        expect(valid, errors).to.equal(true);
      });

      it('leaves /openapi.json and /docs out of the document', async () => {
        const res = await request(served.url).get('/openapi.json?x=1').expect(200);
        const paths = Object.keys(res.body.paths);
        expect(paths.filter((path) => path.startsWith('/docs') || path === '/openapi.json')).to.deep.equal(
          [],
        );
      });

      it('answers HEAD /openapi.json with the headers only', async () => {
        const res = await request(served.url).head('/openapi.json').expect(200);
        expect(res.headers['content-type']).to.equal('application/json; charset=utf-8');
        expect(Number(res.headers['content-length'])).to.be.greaterThan(1000);
        expect(res.text ?? '').to.equal('');
      });

      it('when the method is not GET, answers 405 with Allow: GET, HEAD', async () => {
        const res = await request(served.url).post('/openapi.json').send({}).expect(405);
        expect(res.body).to.include({ statusCode: 405, code: 'METHOD_NOT_ALLOWED' });
        expect(res.headers.allow).to.equal('GET, HEAD');
        await request(served.url).delete('/docs').expect(405);
      });

      it('serves Swagger UI at /docs and /docs/, titled after the document', async () => {
        for (const path of ['/docs', '/docs/', '/docs?tab=1']) {
          const res = await request(served.url).get(path).expect(200);
          expect(res.headers['content-type']).to.equal('text/html; charset=utf-8');
          expect(res.text).to.include('<div id="swagger-ui"></div>').and.include('<title>Shop</title>');
        }
      });

      it('loads every asset of the page from the installed swagger-ui-dist, from /docs or /docs/', async () => {
        for (const page of ['/docs', '/docs/']) {
          const html = (await request(served.url).get(page).expect(200)).text;
          const urls = assetUrls(html, served.url + page);
          expect(urls).to.have.length(7);
          for (const url of urls) {
            const { pathname } = new URL(url);
            expect(pathname, url).to.match(/^\/docs\/[\w.-]+$/);
            const res = await request(served.url).get(pathname).buffer(true).parse(rawBody).expect(200);
            const name = pathname.slice('/docs/'.length);
            if (name !== 'swagger-initializer.js')
              expect(Buffer.compare(res.body, readFileSync(join(DIST, name))), name).to.equal(0);
          }
        }
      });

      it('serves assets with their content types', async () => {
        await request(served.url)
          .get('/docs/swagger-ui.css')
          .expect('content-type', 'text/css; charset=utf-8');
        await request(served.url)
          .get('/docs/swagger-ui-bundle.js')
          .expect('content-type', 'text/javascript; charset=utf-8');
        await request(served.url).get('/docs/favicon-32x32.png').expect('content-type', 'image/png');
      });

      it('points Swagger UI at /openapi.json', async () => {
        const script = (await request(served.url).get('/docs/swagger-initializer.js').expect(200)).text;
        const url = documentUrlOf(script, `${served.url}/docs/swagger-initializer.js`);
        expect(url).to.equal(`${served.url}/openapi.json`);
      });

      it('serves no other file of the package (404)', async () => {
        await request(served.url).get('/docs/package.json').expect(404);
        await request(served.url).get('/docs/../package.json').expect(404);
        await request(served.url).get('/docs/oauth2-redirect.html').expect(404);
        await request(served.url).get('/docs/x/swagger-ui.css').expect(404);
      });

      it('leaves the routes working', async () => {
        await request(served.url).get('/products?page=2').expect(200);
        await request(served.url).get('/products?page=0').expect(422);
      });
    });

    describe('without the openapi option', () => {
      let served: Served;
      before(async () => {
        served = await serve(buildShop({ engine }));
      });
      after(() => served.close());

      it("serves the docs, titled 'Trellis API' version '1.0.0'", async () => {
        const res = await request(served.url).get('/openapi.json').expect(200);
        expect(res.body.info).to.deep.equal({ title: 'Trellis API', version: '1.0.0' });
        await request(served.url).get('/docs').expect(200);
      });
    });

    describe('with { openapi: false }', () => {
      let served: Served;
      before(async () => {
        served = await serve(createApp({ engine, openapi: false, controllers: [DocsPageController] }));
      });
      after(() => served.close());

      it('serves neither the document nor Swagger UI', async () => {
        const res = await request(served.url).get('/openapi.json').expect(404);
        expect(res.body).to.include({ statusCode: 404 });
        await request(served.url).get('/docs/swagger-ui.css').expect(404);
      });

      it('lets a controller use /docs', async () => {
        await request(served.url).get('/docs').expect(200, { mine: true });
      });
    });

    describe('when a route sits where the docs are served', () => {
      it('refuses to start, naming the route and the way out', async () => {
        const app = createApp({ engine, controllers: [DocsPageController] });
        let failure: unknown;
        await app.ready().catch((err: unknown) => (failure = err));
        expect(String(failure))
          .to.include('DocsPageController.page: GET /docs')
          .and.include('{ openapi: false }');
        await app.close();
      });
    });
  });
});
