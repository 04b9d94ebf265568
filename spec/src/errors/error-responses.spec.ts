import { Writable } from 'node:stream';
import { expect } from 'chai';
import pino from 'pino';
import sinon from 'sinon';
import request from 'supertest';
import { z } from 'zod';
import {
  Body,
  ConflictException,
  Controller,
  Cookie,
  createApp,
  ForbiddenException,
  Get,
  Header,
  HTTPException,
  Param,
  Post,
  Query,
  ServiceUnavailableException,
  TooManyRequestsException,
  UnauthorizedException,
} from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';

const Order = z.object({ sku: z.string().min(3), qty: z.number().int().positive() });

@Controller('/orders')
class OrdersController {
  @Post('/:storeId')
  create(
    @Param('storeId', z.coerce.number().int()) storeId: number,
    @Body(Order) order: z.infer<typeof Order>,
    @Query(z.object({ dryRun: z.enum(['true', 'false']) })) _query: unknown,
    @Header('x-request-id', z.uuid()) _requestId: string,
    @Cookie('region', z.enum(['eu', 'us'])) _region: string,
  ) {
    return { storeId, ...order };
  }

  @Post('/echo/raw')
  echo(@Body() body: unknown) {
    return { body };
  }

  @Get('/conflict')
  conflict() {
    throw new ConflictException('Order already exists');
  }

  @Get('/unauthorized')
  unauthorized() {
    throw new UnauthorizedException('Token expired');
  }

  @Get('/forbidden')
  async forbidden() {
    throw new ForbiddenException('Not your order');
  }

  @Get('/throttled')
  throttled() {
    throw new TooManyRequestsException('Slow down', 30);
  }

  @Get('/unavailable')
  unavailable() {
    throw new ServiceUnavailableException('Session store unreachable');
  }

  @Get('/teapot')
  teapot() {
    throw new HTTPException(418, 'teapot');
  }

  @Get('/crash')
  crash() {
    throw new Error('connection to db://admin:secret@10.0.0.1 refused');
  }

  @Get('/crash-async')
  async crashAsync() {
    await Promise.resolve();
    throw new TypeError("Cannot read properties of undefined (reading 'id')");
  }

  @Get('/crash-string')
  crashString() {
    throw 'a bare string';
  }

  @Get('/bad-header')
  badHeader() {
    throw new HTTPException(400, 'Bad', { headers: { 'X-Broken': 'line\nbreak' } });
  }

  @Get('/unserialisable')
  unserialisable() {
    return { big: 10n };
  }
}

/** A pino destination that keeps every line, parsed. */
function captureLogs() {
  const lines: Record<string, any>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: pino({}, stream) };
}

const VALID = {
  path: '/orders/12?dryRun=true',
  body: { sku: 'abc-1', qty: 2 },
  requestId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  cookie: 'region=eu',
};

describe('error responses', () => {
  forEachEngine((engine) => {
    let served: Served;
    let logs: ReturnType<typeof captureLogs>;
    let create: sinon.SinonSpy;

    before(async () => {
      // Spied before ready(): the compiled route captures the method then.
      create = sinon.spy(OrdersController.prototype, 'create');
      logs = captureLogs();
      served = await serve(
        createApp({ engine, controllers: [OrdersController], bodyLimit: '1kb', logger: logs.logger }),
      );
    });
    after(async () => {
      create.restore();
      await served.close();
    });
    beforeEach(() => {
      create.resetHistory();
      logs.lines.length = 0;
    });

    it('when every value is valid, the handler answers (the baseline of the 422 cases)', async () => {
      await request(served.url)
        .post(VALID.path)
        .set('X-Request-Id', VALID.requestId)
        .set('Cookie', VALID.cookie)
        .send(VALID.body)
        .expect(201, { storeId: 12, sku: 'abc-1', qty: 2 });
      expect(create.calledOnce).to.equal(true);
    });

    it('when one value fails its schema, answers 422 with details and never calls the handler', async () => {
      const res = await request(served.url)
        .post(VALID.path)
        .set('X-Request-Id', VALID.requestId)
        .set('Cookie', VALID.cookie)
        .send({ sku: 'abc-1', qty: 0 })
        .expect(422);
      expect(res.body).to.deep.equal({
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: 'Validation failed',
        code: 'BAD_USER_INPUT',
        details: [{ path: 'body.qty', message: res.body.details[0].message, code: 'too_small' }],
      });
      expect(res.body.details[0].message).to.be.a('string').that.is.not.empty;
      expect(create.called).to.equal(false);
    });

    it('when body, query, param, header and cookie all fail, lists every failure in one 422', async () => {
      const res = await request(served.url)
        .post('/orders/twelve?dryRun=maybe')
        .set('X-Request-Id', 'not-a-uuid')
        .set('Cookie', 'region=mars')
        .send({ sku: 'a' })
        .expect(422);
      const paths = res.body.details.map((d: { path: string }) => d.path);
      expect(paths).to.have.members([
        'params.storeId',
        'body.sku',
        'body.qty',
        'query.dryRun',
        'headers.x-request-id',
        'cookies.region',
      ]);
      for (const detail of res.body.details) expect(detail).to.have.all.keys('path', 'message', 'code');
      expect(create.called).to.equal(false);
    });

    it('when the body is missing, the body schema reports it', async () => {
      const res = await request(served.url)
        .post(VALID.path)
        .set('X-Request-Id', VALID.requestId)
        .set('Cookie', VALID.cookie)
        .expect(422);
      expect(res.body.details).to.deep.equal([
        { path: 'body', message: res.body.details[0].message, code: 'invalid_type' },
      ]);
    });

    it('when the JSON body is malformed, answers 400', async () => {
      const res = await request(served.url)
        .post('/orders/echo/raw')
        .set('Content-Type', 'application/json')
        .send('{"sku": ')
        .expect(400);
      expect(res.body).to.deep.equal({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Malformed JSON body',
        code: 'BAD_USER_INPUT',
      });
    });

    it('when the body is over bodyLimit, answers 413', async () => {
      const res = await request(served.url)
        .post('/orders/echo/raw')
        .send({ padding: 'x'.repeat(2048) })
        .expect(413);
      expect(res.body).to.deep.equal({
        statusCode: 413,
        error: 'Payload Too Large',
        message: 'Request body is too large',
        code: 'PAYLOAD_TOO_LARGE',
      });
      await request(served.url).post('/orders/echo/raw').send({ small: true }).expect(201);
    });

    it('when the body is not JSON, answers 415', async () => {
      const res = await request(served.url)
        .post('/orders/echo/raw')
        .set('Content-Type', 'text/plain')
        .send('sku=abc')
        .expect(415);
      expect(res.body).to.include({ statusCode: 415, error: 'Unsupported Media Type' });
      expect(res.body.message).to.be.a('string');
    });

    it('when no route matches, answers a JSON 404', async () => {
      const res = await request(served.url).get('/nowhere').expect(404);
      expect(res.headers['content-type']).to.match(/application\/json/);
      expect(res.body).to.deep.equal({
        statusCode: 404,
        error: 'Not Found',
        message: 'Cannot GET /nowhere',
        code: 'NOT_FOUND',
      });
    });

    it('when the handler throws ConflictException, answers 409', async () => {
      await request(served.url).get('/orders/conflict').expect(409, {
        statusCode: 409,
        error: 'Conflict',
        message: 'Order already exists',
        code: 'CONFLICT',
      });
    });

    it('when the handler throws UnauthorizedException or ForbiddenException, answers 401 or 403', async () => {
      await request(served.url).get('/orders/unauthorized').expect(401, {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Token expired',
        code: 'UNAUTHENTICATED',
      });
      await request(served.url)
        .get('/orders/forbidden')
        .expect(403, { statusCode: 403, error: 'Forbidden', message: 'Not your order', code: 'FORBIDDEN' });
    });

    it('when the handler throws TooManyRequestsException, answers 429 with Retry-After', async () => {
      const res = await request(served.url).get('/orders/throttled').expect(429);
      expect(res.headers['retry-after']).to.equal('30');
      expect(res.body).to.deep.equal({
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'Slow down',
        code: 'TOO_MANY_REQUESTS',
      });
    });

    it('when the handler throws a custom HTTPException(418), answers with that status and message', async () => {
      await request(served.url)
        .get('/orders/teapot')
        .expect(418, { statusCode: 418, error: "I'm a Teapot", message: 'teapot', code: 'I_M_A_TEAPOT' });
    });

    it('when the handler throws unexpectedly, answers 500 without internals and logs one structured line', async () => {
      const res = await request(served.url).get('/orders/crash').expect(500);
      expect(res.body).to.deep.equal({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Internal Server Error',
        code: 'INTERNAL_SERVER_ERROR',
      });
      expect(res.text).to.not.match(/secret|db:\/\/|at |stack/);
      const errors = logs.lines.filter((line) => line.level === 50);
      expect(errors).to.have.length(1);
      expect(errors[0]).to.include({ statusCode: 500, method: 'GET', url: '/orders/crash' });
      expect(errors[0].err).to.include({
        type: 'Error',
        message: 'connection to db://admin:secret@10.0.0.1 refused',
      });
      expect(errors[0].err.stack).to.be.a('string');
    });

    it('when an async handler rejects or a non-Error is thrown, answers the same 500', async () => {
      for (const path of ['/orders/crash-async', '/orders/crash-string']) {
        const res = await request(served.url).get(path).expect(500);
        expect(res.body.message, path).to.equal('Internal Server Error');
      }
      expect(logs.lines.filter((line) => line.level === 50)).to.have.length(2);
    });

    it('when the return value cannot be serialised, answers 500 instead of hanging', async () => {
      await request(served.url).get('/orders/unserialisable').expect(500);
    });

    it('when the error response itself cannot be written, answers a bare 500 and keeps serving', async () => {
      await request(served.url).get('/orders/bad-header').expect(500);
      await request(served.url).get('/orders/conflict').expect(409);
    });

    it('when a backing service is down (503), answers JSON and logs one short warning, not a stack', async () => {
      await request(served.url).get('/orders/unavailable').expect(503, {
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'Session store unreachable',
        code: 'SERVICE_UNAVAILABLE',
      });
      const warnings = logs.lines.filter((line) => line.level === 40);
      expect(warnings).to.have.length(1);
      expect(warnings[0]).to.include({
        statusCode: 503,
        url: '/orders/unavailable',
        msg: 'Session store unreachable',
      });
      expect(warnings[0]).to.not.have.property('err');
      expect(logs.lines.filter((line) => line.level >= 50)).to.deep.equal([]);
    });

    it('does not log client errors as failures', async () => {
      await request(served.url).get('/orders/conflict').expect(409);
      await request(served.url).get('/nowhere').expect(404);
      expect(logs.lines.filter((line) => line.level >= 50)).to.deep.equal([]);
    });
  });
});
