import { expect } from 'chai';
import { Controller, Post } from '../../../src';
import { createApp } from '../../../src/app/create-app';
import { MALFORMED_HTTP_REQUEST } from '../../../src/http/client-error-answer';
import { forEachEngine } from '../../support/engines';
import { RawConnection, type RawResponse } from '../../support/raw-http';
import { type Served, serve } from '../../support/serve';

@Controller('/things')
class ThingsController {
  @Post()
  create() {
    return { created: true };
  }
}

describe('requests Node refuses before the engine sees them', () => {
  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      served = await serve(createApp({ engine, controllers: [ThingsController] }));
    });
    after(() => served.close());

    async function answerTo(head: string): Promise<{ res: RawResponse; ended: string }> {
      const conn = await RawConnection.open(Number(new URL(served.url).port));
      conn.write(head);
      const res = await conn.response();
      return { res, ended: await conn.ended };
    }

    for (const [what, value] of [
      ['NUL', 'key\u0000one'],
      ['DEL', 'key\u007fone'],
      ['a bare CR', 'key\rone'],
    ] as const) {
      it(`an Idempotency-Key with ${what} is a coded JSON 400, and the connection closes`, async () => {
        const { res, ended } = await answerTo(
          `POST /things HTTP/1.1\r\nHost: x\r\nIdempotency-Key: ${value}\r\nContent-Length: 0\r\n\r\n`,
        );
        expect(res.status).to.equal(400);
        expect(res.headers['content-type']).to.match(/^application\/json/);
        expect(JSON.parse(res.body)).to.include({
          statusCode: 400,
          error: 'Bad Request',
          code: MALFORMED_HTTP_REQUEST,
        });
        expect(ended).to.equal('end');
      });
    }

    it('a malformed request line is a coded JSON 400', async () => {
      const { res } = await answerTo('GET /things HTTP/9\r\n\r\n');
      expect(res.status).to.equal(400);
      expect(JSON.parse(res.body).code).to.equal(MALFORMED_HTTP_REQUEST);
    });

    it('headers past the size limit are a coded JSON 431', async () => {
      const { res } = await answerTo(
        `GET /things HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expect(res.status).to.equal(431);
      expect(JSON.parse(res.body)).to.include({ statusCode: 431, code: 'REQUEST_HEADER_FIELDS_TOO_LARGE' });
    });

    it('the server keeps answering other connections', async () => {
      await answerTo('BROKEN\r\n\r\n');
      const res = await fetch(`${served.url}/things`, { method: 'POST' });
      expect(res.status).to.equal(201);
    });
  });
});
