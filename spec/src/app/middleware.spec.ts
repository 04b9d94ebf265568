import type { IncomingMessage, ServerResponse } from 'node:http';
import { expect } from 'chai';
import request from 'supertest';
import {
  Controller,
  createApp,
  Get,
  HTTPException,
  type Middleware,
  TooManyRequestsException,
} from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';

const seen: string[] = [];

@Controller()
class SiteController {
  @Get('/public')
  open() {
    seen.push('handler');
    return { open: true };
  }

  @Get('/admin/panel')
  panel() {
    seen.push('handler');
    return { panel: true };
  }
}

// Only node:http members, which both engines hand to middleware.
const stamp: Middleware = (_req: IncomingMessage, res: ServerResponse, next) => {
  seen.push('stamp');
  res.setHeader('X-Stamped', 'yes');
  next();
};
const adminOnly: Middleware = (req: IncomingMessage, res: ServerResponse, next) => {
  seen.push('admin');
  if (req.headers['x-admin'] === 'no') {
    res.statusCode = 418;
    res.end('short-circuited');
    return;
  }
  next();
};
const failing: Middleware = (req: IncomingMessage, _res, next) => {
  if (req.headers['x-fail'] === 'http') next(new TooManyRequestsException('Easy there', 9));
  else if (req.headers['x-fail'] === 'crash') next(new Error('middleware internals'));
  else if (req.headers['x-fail'] === 'custom') next(new HTTPException(402, 'Pay first'));
  else next();
};

describe('app.use()', () => {
  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      const app = createApp({ engine, controllers: [SiteController] });
      app.use(stamp).use('/admin', adminOnly).use(failing);
      served = await serve(app);
    });
    after(() => served.close());
    beforeEach(() => {
      seen.length = 0;
    });

    it('runs middleware without a path before every route, in the order added', async () => {
      const res = await request(served.url).get('/public').expect(200, { open: true });
      expect(res.headers['x-stamped']).to.equal('yes');
      expect(seen).to.deep.equal(['stamp', 'handler']);
    });

    it('runs middleware with a path only for requests under that path', async () => {
      await request(served.url).get('/admin/panel').expect(200, { panel: true });
      expect(seen).to.deep.equal(['stamp', 'admin', 'handler']);
    });

    it('lets middleware answer the request itself', async () => {
      const res = await request(served.url).get('/admin/panel').set('X-Admin', 'no').expect(418);
      expect(res.text).to.equal('short-circuited');
      expect(seen).to.deep.equal(['stamp', 'admin']);
    });

    it('runs middleware for unknown routes too, before the 404', async () => {
      const res = await request(served.url).get('/missing').expect(404);
      expect(res.headers['x-stamped']).to.equal('yes');
    });

    it('when middleware passes an HTTPException to next(), answers it as the JSON error', async () => {
      const res = await request(served.url).get('/public').set('X-Fail', 'http').expect(429);
      expect(res.body).to.deep.equal({
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'Easy there',
        code: 'TOO_MANY_REQUESTS',
      });
      expect(res.headers['retry-after']).to.equal('9');
      await request(served.url).get('/public').set('X-Fail', 'custom').expect(402, {
        statusCode: 402,
        error: 'Payment Required',
        message: 'Pay first',
        code: 'PAYMENT_REQUIRED',
      });
      expect(seen).to.not.include('handler');
    });

    it('when middleware passes any other error to next(), answers a 500 that hides it', async () => {
      const res = await request(served.url).get('/public').set('X-Fail', 'crash').expect(500);
      expect(res.body).to.deep.equal({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Internal Server Error',
        code: 'INTERNAL_SERVER_ERROR',
      });
    });
  });
});
