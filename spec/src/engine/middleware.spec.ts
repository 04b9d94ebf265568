import type { IncomingMessage, ServerResponse } from 'node:http';
import { expect } from 'chai';
import request from 'supertest';
import {
  Body,
  Controller,
  createApp,
  Get,
  type Middleware,
  Post,
  TooManyRequestsException,
} from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';

interface EngineRequest extends IncomingMessage {
  ip?: string;
}

@Controller('/api')
class ApiController {
  @Post('/notes')
  create(@Body() body: unknown) {
    return { body };
  }

  @Get('/notes')
  list() {
    return [];
  }
}

const seen: { url: string; ip?: string }[] = [];
const record: Middleware = (req: EngineRequest, _res, next) => {
  seen.push({ url: req.url!, ip: req.ip });
  next();
};
const first: Middleware = (_req, res: ServerResponse, next) => {
  res.setHeader('X-Order', 'first');
  next();
};
const second: Middleware = (_req, res: ServerResponse, next) => {
  res.setHeader('X-Order', `${res.getHeader('X-Order')},second`);
  next();
};
const throttle: Middleware = (req: IncomingMessage, _res, next) => {
  if (req.headers['x-throttle'] === 'yes') next(new TooManyRequestsException('Too many notes', 5));
  else next();
};
const throwing: Middleware = (req: IncomingMessage, _res, next) => {
  if (req.headers['x-throw'] === 'yes') throw new Error('middleware bug with secrets');
  next();
};

describe('middleware on each engine', () => {
  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      const app = createApp({ engine, controllers: [ApiController] });
      app.use('/api/notes', record).use(first, second).use(throttle, throwing);
      served = await serve(app);
    });
    after(() => served.close());
    beforeEach(() => {
      seen.length = 0;
    });

    it('mounted under a path, sees the url relative to it and the client address as req.ip', async () => {
      await request(served.url).get('/api/notes?page=2').expect(200);
      expect(seen).to.deep.equal([{ url: '/?page=2', ip: '127.0.0.1' }]);
    });

    it('runs the middleware of one use() call in the order given', async () => {
      await request(served.url).get('/api/notes').expect('X-Order', 'first,second');
    });

    it('runs before the body is read: a refusal wins over a malformed or oversized body', async () => {
      for (const body of ['{"broken": ', `{"big":"${'x'.repeat(200_000)}"}`]) {
        const res = await request(served.url)
          .post('/api/notes')
          .set('X-Throttle', 'yes')
          .set('Content-Type', 'application/json')
          .send(body)
          .expect(429)
          .expect('Retry-After', '5');
        expect(res.body).to.deep.equal({
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Too many notes',
          code: 'TOO_MANY_REQUESTS',
        });
      }
    });

    it('when middleware throws, answers a 500 that hides the error', async () => {
      const res = await request(served.url).get('/api/notes').set('X-Throw', 'yes').expect(500);
      expect(res.body).to.deep.equal({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Internal Server Error',
        code: 'INTERNAL_SERVER_ERROR',
      });
    });

    it('leaves the body to the route: it reaches the handler parsed', async () => {
      await request(served.url)
        .post('/api/notes')
        .send({ text: 'hi' })
        .expect(201, { body: { text: 'hi' } });
    });
  });
});
