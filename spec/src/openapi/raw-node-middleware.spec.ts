import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import request from 'supertest';
import type { Middleware } from '../../../src';
import type { OpenApiDocument } from '../../../src/openapi/document-types';
import { serveDocument } from '../../../src/openapi/serve-document';
import { serveSwaggerUi } from '../../../src/openapi/serve-swagger-ui';

const DOCUMENT: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Raw <API>', version: '1' },
  servers: [{ url: '/' }],
  tags: [],
  paths: {},
  components: { schemas: {}, responses: {} },
};

/** A bare node:http server running `middleware` in order, like Fastify's middie hands them raw req/res. */
function bareServer(middleware: Middleware[]): Server {
  return createServer((req, res) => {
    const run = (index: number): void => {
      const next = middleware[index];
      if (next) next(req, res, () => run(index + 1));
      else {
        res.statusCode = 404;
        res.end('fell through');
      }
    };
    run(0);
  });
}

describe('docs middleware on raw node:http (no Express)', () => {
  let server: Server;
  let url: string;
  before(async () => {
    server = bareServer([
      serveDocument('/openapi.json', DOCUMENT),
      serveSwaggerUi('/docs', '/openapi.json', DOCUMENT.info.title),
    ]);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('serves the document with Node response methods only', async () => {
    const res = await request(url).get('/openapi.json').expect(200);
    expect(res.body).to.deep.equal(DOCUMENT);
  });

  it('serves the Swagger UI page and its assets', async () => {
    const page = await request(url).get('/docs').expect(200);
    expect(page.text).to.include('href="docs/swagger-ui.css"');
    await request(url).get('/docs/swagger-ui.css').expect(200);
    await request(url).get('/docs/swagger-initializer.js').expect(200);
  });

  it('escapes the title in the page', async () => {
    const page = await request(url).get('/docs/').expect(200);
    expect(page.text).to.include('<title>Raw &#60;API&#62;</title>');
    expect(page.text).to.include('href="swagger-ui.css"');
  });

  it('passes every other request on', async () => {
    await request(url).get('/elsewhere').expect(404, 'fell through');
    await request(url).put('/openapi.json').expect(404, 'fell through');
    await request(url).get('/docsx').expect(404, 'fell through');
    await request(url).get('/docs/unknown.js').expect(404, 'fell through');
  });
});
