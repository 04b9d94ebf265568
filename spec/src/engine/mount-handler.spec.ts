import type { IncomingMessage } from 'node:http';
import { expect } from 'chai';
import request from 'supertest';
import { type AppOptions, ConflictException, Controller, createApp, Get, Post } from '../../../src';
import type { Application } from '../../../src/app/application';
import type { NodeHandler } from '../../../src/engine/engine';
import { clientAddress } from '../../../src/rate-limit/client-address';
import { forEachEngine } from '../../support/engines';
import { expectCode, expectThrowsCode } from '../../support/expect-code';
import { type Served, serve } from '../../support/serve';
import { captureLogs, until } from '../observability/log-capture';

@Controller('/items')
class ItemsController {
  @Get()
  list() {
    return [{ id: 1 }];
  }

  @Post()
  create() {
    return { created: true };
  }
}

@Controller('/raw')
class TakenController {
  @Get('/:id')
  one() {
    return 'route';
  }
}

function readText(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

// Answers with what it saw: the body it read itself, the path parameters, the client address.
const echo: NodeHandler = (req, res, next, ctx) => {
  if (req.headers['x-pass'] === 'on') return next();
  if (req.headers['x-pass'] === 'error') return next(new ConflictException('Taken by the handler'));
  readText(req).then((body) => {
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({ body, params: ctx.params, address: clientAddress(ctx.req), method: req.method }),
    );
  }, next);
};

function mounted(app: Application, methods: ('GET' | 'POST')[] = ['GET', 'POST']): Application {
  app.onCompiled(() =>
    app.engine.mountHandler({
      name: 'the echo',
      methods,
      paths: ['/raw/:name', '/files/*rest'],
      handler: echo,
    }),
  );
  return app;
}

describe('engine.mountHandler', () => {
  forEachEngine((engine) => {
    describe('with a handler at /raw/:name and /files/*rest', () => {
      let served: Served;
      const logs = captureLogs();
      before(async () => {
        const options: AppOptions = {
          engine,
          controllers: [ItemsController],
          logger: logs.logger,
          accessLog: true,
          requestId: true,
          trustProxy: 1,
          cors: { origin: ['https://app.example'] },
        };
        served = await serve(mounted(createApp(options)));
      });
      after(() => served.close());

      it('serves the handler with the path parameters, the body left unread for it', async () => {
        const res = await request(served.url)
          .post('/raw/first')
          .set('content-type', 'text/plain')
          .send('not JSON at all')
          .expect(200);
        expect(res.body).to.include({ body: 'not JSON at all', method: 'POST' });
        expect(res.body.params).to.include({ name: 'first' });
      });

      it('serves every path it was mounted at, wildcards included', async () => {
        const res = await request(served.url).get('/files/a/b.txt').expect(200);
        expect(res.body.params['*']).to.equal('a/b.txt');
      });

      it('answers HEAD like GET, without a body', async () => {
        const res = await request(served.url).head('/raw/first').expect(200);
        expect(res.headers['content-type']).to.equal('application/json');
        expect(res.text).to.equal(undefined);
      });

      it('applies the security headers, the request id and CORS as on routes', async () => {
        const res = await request(served.url)
          .get('/raw/first')
          .set('origin', 'https://app.example')
          .set('x-request-id', 'mounted-1')
          .expect(200);
        expect(res.headers['x-content-type-options']).to.equal('nosniff');
        expect(res.headers['x-request-id']).to.equal('mounted-1');
        expect(res.headers['access-control-allow-origin']).to.equal('https://app.example');
      });

      it('lets the CORS policy answer preflights of the mounted paths', async () => {
        const res = await request(served.url)
          .options('/raw/first')
          .set('origin', 'https://app.example')
          .set('access-control-request-method', 'POST')
          .expect(204);
        expect(res.headers['access-control-allow-origin']).to.equal('https://app.example');
      });

      it('reads the client address through trust proxy as routes do', async () => {
        const res = await request(served.url).get('/raw/first').set('x-forwarded-for', '203.0.113.9');
        expect(res.body.address).to.equal('203.0.113.9');
      });

      it('logs the request under the mounted path template', async () => {
        await request(served.url).get('/raw/logged').set('x-request-id', 'mounted-log').expect(200);
        await until(() => logs.lines.some((line) => line.reqId === 'mounted-log'));
        const line = logs.lines.find((entry) => entry.reqId === 'mounted-log');
        expect(line?.route).to.equal('/raw/:name');
      });

      it('when the handler passes the request on, answers the 404 of unknown routes', async () => {
        const res = await request(served.url).get('/raw/first').set('x-pass', 'on').expect(404);
        expect(res.body).to.deep.equal({
          statusCode: 404,
          error: 'Not Found',
          message: 'Cannot GET /raw/first',
          code: 'NOT_FOUND',
        });
      });

      it('when the handler passes an error on, answers it as the JSON error of every route', async () => {
        const res = await request(served.url).get('/raw/first').set('x-pass', 'error').expect(409);
        expect(res.body).to.deep.equal({
          statusCode: 409,
          error: 'Conflict',
          message: 'Taken by the handler',
          code: 'CONFLICT',
        });
      });

      it('answers methods it was not mounted for with 405, listing the mounted ones', async () => {
        const res = await request(served.url).delete('/raw/first').expect(405);
        expect(res.headers.allow).to.be.a('string').that.does.not.include('DELETE');
      });

      it('leaves the routes as they were', async () => {
        await request(served.url)
          .get('/items')
          .expect(200, [{ id: 1 }]);
        await request(served.url).post('/items').send({}).expect(201, { created: true });
      });
    });

    it('once the app is ready, refuses another handler with TRELLIS_ERR_AFTER_READY', async () => {
      const app = createApp({ engine, controllers: [ItemsController] });
      await app.ready();
      const mount = { name: 'late', methods: ['GET'] as const, paths: ['/late'], handler: echo };
      expectThrowsCode(() => app.engine.mountHandler(mount), 'TRELLIS_ERR_AFTER_READY');
      await app.close();
    });

    describe('when a route takes a mounted path', () => {
      it('refuses to start with TRELLIS_ERR_DUPLICATE_ROUTE, naming both', async () => {
        const app = mounted(createApp({ engine, controllers: [TakenController] }), ['GET']);
        const err = await app.ready().then(
          () => undefined,
          (failure: unknown) => failure,
        );
        expect(expectCode(err, 'TRELLIS_ERR_DUPLICATE_ROUTE').message)
          .to.include('TakenController.one')
          .and.include('the echo');
      });

      it('starts when the route uses another method', async () => {
        const served = await serve(mounted(createApp({ engine, controllers: [TakenController] }), ['POST']));
        try {
          await request(served.url).get('/raw/echo').expect(200, '"route"');
          const res = await request(served.url).post('/raw/echo').send('x').expect(200);
          expect(res.body.params).to.include({ name: 'echo' });
        } finally {
          await served.close();
        }
      });
    });
  });
});
