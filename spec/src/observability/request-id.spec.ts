import { expect } from 'chai';
import request from 'supertest';
import { Inject } from '../../../container';
import {
  Controller,
  createApp,
  Depends,
  Get,
  Injectable,
  REQUEST_ID,
  RequestId,
  requestIdOf,
} from '../../../src';
import { forEachEngine } from '../../support/engines';
import { expectThrowsCoded } from '../../support/expect-code';
import { type Served, serve } from '../../support/serve';
import { captureLogs, until } from './log-capture';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

@Injectable('request')
class AuditTrail {
  constructor(@Inject(REQUEST_ID) readonly requestId: string) {}
}

@Controller('/ids')
class IdsController {
  @Get()
  ids(
    @RequestId() fromDecorator: string,
    @Depends(requestIdOf) fromFunction: string,
    @Depends(AuditTrail) trail: AuditTrail,
  ) {
    return { fromDecorator, fromFunction, fromScope: trail.requestId };
  }

  @Get('/boom')
  boom(): never {
    throw new Error('kaput');
  }
}

describe('request ids', () => {
  forEachEngine((engine) => {
    describe('with the requestId option', () => {
      let served: Served;
      const logs = captureLogs();
      before(async () => {
        served = await serve(
          createApp({ engine, controllers: [IdsController], requestId: true, logger: logs.logger }),
        );
      });
      after(() => served.close());

      it('keeps a well-formed X-Request-Id, answers it, and gives it to the decorator, Depends and the request scope', async () => {
        const id = 'lb-01:abc.DEF_9-z';
        const res = await request(served.url).get('/ids').set('X-Request-Id', id).expect(200);
        expect(res.headers['x-request-id']).to.equal(id);
        expect(res.body).to.deep.equal({ fromDecorator: id, fromFunction: id, fromScope: id });
      });

      it('makes a UUIDv7 when the client sends none', async () => {
        const res = await request(served.url).get('/ids').expect(200);
        expect(res.headers['x-request-id']).to.match(UUID);
        expect(res.body.fromDecorator).to.equal(res.headers['x-request-id']);
      });

      for (const [label, value] of [
        ['too long', 'a'.repeat(129)],
        ['with a space', 'abc def'],
        ['with a slash', 'abc/def'],
        ['with a quote', 'abc"def'],
        ['with non-ASCII', 'abcé'],
      ]) {
        it(`replaces an id ${label} with a UUIDv7`, async () => {
          const res = await request(served.url).get('/ids').set('X-Request-Id', value).expect(200);
          expect(res.headers['x-request-id']).to.match(UUID);
          expect(res.body.fromScope).to.equal(res.headers['x-request-id']);
        });
      }

      it('accepts the longest well-formed id (128 characters)', async () => {
        const id = 'x'.repeat(128);
        const res = await request(served.url).get('/ids').set('X-Request-Id', id).expect(200);
        expect(res.headers['x-request-id']).to.equal(id);
      });

      it('answers unknown routes and errors with the id too, and logs the failure with reqId', async () => {
        const missing = await request(served.url).get('/nowhere').set('X-Request-Id', 'r-404').expect(404);
        expect(missing.headers['x-request-id']).to.equal('r-404');
        const failed = await request(served.url).get('/ids/boom').set('X-Request-Id', 'r-500').expect(500);
        expect(failed.headers['x-request-id']).to.equal('r-500');
        await until(() => logs.lines.some((line) => line.msg === 'request failed'));
        const line = logs.lines.find((entry) => entry.msg === 'request failed')!;
        expect(line.reqId).to.equal('r-500');
        expect(line.err.message).to.equal('kaput');
      });

      it('gives each concurrent request its own id', async () => {
        const answers = await Promise.all(
          Array.from({ length: 8 }, (_, i) => request(served.url).get('/ids').set('X-Request-Id', `c-${i}`)),
        );
        answers.forEach((res, i) => {
          expect(res.body).to.deep.equal({
            fromDecorator: `c-${i}`,
            fromFunction: `c-${i}`,
            fromScope: `c-${i}`,
          });
        });
      });
    });

    describe('without it', () => {
      let served: Served;
      before(async () => {
        served = await serve(createApp({ engine, controllers: [IdsController] }));
      });
      after(() => served.close());

      it('refuses REQUEST_ID outside a request with a coded Error that says how to inject it', () => {
        const error = expectThrowsCoded(
          () => served.app.container.get(REQUEST_ID),
          Error,
          'TRELLIS_ERR_REQUEST_ID_OUTSIDE_REQUEST',
        );
        expect(error.message).to.include('inject it into a request-scoped class or use RequestId()');
      });

      it('adds no header, yet RequestId() still reads the id the request came with', async () => {
        const res = await request(served.url).get('/ids').set('X-Request-Id', 'plain-1').expect(200);
        expect(res.headers).not.to.have.property('x-request-id');
        expect(res.body).to.deep.equal({
          fromDecorator: 'plain-1',
          fromFunction: 'plain-1',
          fromScope: 'plain-1',
        });
      });
    });
  });
});
