import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { expect } from 'chai';
import request from 'supertest';
import { z } from 'zod';
import { Body, Controller, createApp, Get, Post } from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { chunked, sendRaw } from './raw-http';

@Controller('/body')
class BodyController {
  @Post('/echo')
  echo(@Body() body: unknown) {
    return { present: body !== undefined, body };
  }

  @Post('/named')
  named(@Body(z.object({ name: z.string() })) body: { name: string }) {
    return body;
  }

  @Post('/ignored')
  ignored() {
    return { ok: true };
  }

  @Get('/echo')
  echoOnGet(@Body() body: unknown) {
    return { present: body !== undefined, body };
  }
}

const UNSUPPORTED = {
  statusCode: 415,
  error: 'Unsupported Media Type',
  message: 'Request body must be application/json',
  code: 'UNSUPPORTED_MEDIA_TYPE',
};
const MALFORMED = {
  statusCode: 400,
  error: 'Bad Request',
  message: 'Malformed JSON body',
  code: 'BAD_USER_INPUT',
};
const TOO_LARGE = {
  statusCode: 413,
  error: 'Payload Too Large',
  message: 'Request body is too large',
  code: 'PAYLOAD_TOO_LARGE',
};

describe('JSON request bodies', () => {
  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      served = await serve(createApp({ engine, controllers: [BodyController], bodyLimit: '1kb' }));
    });
    after(() => served.close());

    const post = (path: string, type: string | undefined, body?: string | Buffer) => {
      const req = request(served.url).post(path);
      if (type) req.set('Content-Type', type);
      return body === undefined ? req : req.send(body);
    };

    describe('on a route that reads the body', () => {
      it('when the body is a JSON object or array, gives it to the handler', async () => {
        await post('/body/echo', 'application/json', '{"a":1}').expect(201, {
          present: true,
          body: { a: 1 },
        });
        await post('/body/echo', 'application/json', '[1,2]').expect(201, { present: true, body: [1, 2] });
      });

      it('accepts a utf-8 charset, any letter case, leading whitespace and a byte order mark', async () => {
        const expected = { present: true, body: { a: 1 } };
        await post('/body/echo', 'application/json; charset=utf-8', '{"a":1}').expect(201, expected);
        await post('/body/echo', 'Application/JSON', '{"a":1}').expect(201, expected);
        await post('/body/echo', 'application/json', ' \n\t{"a":1}').expect(201, expected);
        await post('/body/echo', 'application/json', '\uFEFF{"a":1}').expect(201, expected);
      });

      it('when the body is utf-16 or gzip-compressed JSON, decodes it', async () => {
        const send = (headers: Record<string, string>, body: Buffer) =>
          sendRaw(served.url, {
            method: 'POST',
            path: '/body/echo',
            headers: { ...headers, 'Content-Length': String(body.length) },
            body,
          });
        const utf16 = await send(
          { 'Content-Type': 'application/json; charset=utf-16le' },
          Buffer.from('{"name":"Jörg"}', 'utf16le'),
        );
        expect([utf16.status, JSON.parse(utf16.text)]).to.deep.equal([
          201,
          { present: true, body: { name: 'Jörg' } },
        ]);
        const gzip = await send(
          { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
          gzipSync('{"a":2}'),
        );
        expect([gzip.status, JSON.parse(gzip.text)]).to.deep.equal([201, { present: true, body: { a: 2 } }]);
      });

      it('when the charset is not a utf one, answers 415', async () => {
        const res = await post('/body/echo', 'application/json; charset=latin1', '{"a":1}').expect(415);
        expect(res.body).to.deep.equal({
          statusCode: 415,
          error: 'Unsupported Media Type',
          message: 'Unsupported body charset',
          code: 'UNSUPPORTED_MEDIA_TYPE',
        });
      });

      it('when the JSON is malformed, answers 400 Malformed JSON body', async () => {
        const res = await post('/body/echo', 'application/json', '{"a": ').expect(400);
        expect(res.body).to.deep.equal(MALFORMED);
      });

      it('when the JSON is a bare string, number, boolean or null, answers 400 (objects and arrays only)', async () => {
        for (const bare of ['"text"', '42', 'true', 'null', '  "padded"']) {
          const res = await post('/body/echo', 'application/json', bare).expect(400);
          expect(res.body, bare).to.deep.equal(MALFORMED);
        }
      });

      it('when a JSON body is declared but empty, gives an empty object', async () => {
        await post('/body/echo', 'application/json', '').expect(201, { present: true, body: {} });
        const res = await sendRaw(served.url, {
          method: 'POST',
          path: '/body/echo',
          headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
          body: chunked(),
        });
        expect([res.status, JSON.parse(res.text)]).to.deep.equal([201, { present: true, body: {} }]);
      });

      it('when the request has no body, gives undefined, so a body schema answers 422', async () => {
        const res = await sendRaw(served.url, { method: 'POST', path: '/body/echo' });
        expect([res.status, JSON.parse(res.text)]).to.deep.equal([201, { present: false }]);
        await post('/body/echo', 'text/plain', '').expect(201, { present: false });
        const refused = await post('/body/named', undefined).expect(422);
        expect(refused.body.details[0]).to.include({ path: 'body', code: 'invalid_type' });
      });

      it('when the body is chunked JSON, reads every chunk', async () => {
        const res = await sendRaw(served.url, {
          method: 'POST',
          path: '/body/named',
          headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
          body: chunked('{"na', 'me":"ada"}'),
        });
        expect([res.status, JSON.parse(res.text)]).to.deep.equal([201, { name: 'ada' }]);
      });

      it('when the body is not JSON, or has no content type, answers 415', async () => {
        for (const type of [
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json-patch+json',
        ]) {
          const res = await post('/body/echo', type, 'a=1').expect(415);
          expect(res.body, type).to.deep.equal(UNSUPPORTED);
        }
        const untyped = await sendRaw(served.url, {
          method: 'POST',
          path: '/body/echo',
          headers: { 'Content-Length': '7' },
          body: '{"a":1}',
        });
        expect([untyped.status, JSON.parse(untyped.text)]).to.deep.equal([415, UNSUPPORTED]);
      });

      it('when the body is over the limit, answers 413, whether its length is declared or not', async () => {
        const big = JSON.stringify({ text: 'x'.repeat(2000) });
        const res = await post('/body/echo', 'application/json', big).expect(413);
        expect(res.body).to.deep.equal(TOO_LARGE);
        const streamed = await sendRaw(served.url, {
          method: 'POST',
          path: '/body/echo',
          headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
          body: chunked(big.slice(0, 900), big.slice(900)),
        });
        expect([streamed.status, JSON.parse(streamed.text)]).to.deep.equal([413, TOO_LARGE]);
      });

      it('when the body is just under the limit, accepts it', async () => {
        const body = JSON.stringify({ text: 'x'.repeat(1000) });
        expect(Buffer.byteLength(body)).to.be.at.most(1024);
        await post('/body/echo', 'application/json', body).expect(201);
      });

      it('keeps a __proto__ key as plain data, polluting nothing', async () => {
        const res = await post(
          '/body/echo',
          'application/json',
          '{"__proto__":{"polluted":true},"a":1}',
        ).expect(201);
        expect(res.body.body.a).to.equal(1);
        expect(({} as { polluted?: boolean }).polluted).to.equal(undefined);
      });

      it('when the client goes away halfway through the body, keeps serving the others', async () => {
        const { port } = new URL(served.url);
        await new Promise<void>((resolve, reject) => {
          const socket = connect(Number(port), '127.0.0.1', () => {
            socket.write(
              'POST /body/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
            );
            setTimeout(() => socket.destroy(), 50);
          });
          socket.on('close', () => resolve());
          socket.on('error', reject);
        });
        await post('/body/echo', 'application/json', '{"a":1}').expect(201, {
          present: true,
          body: { a: 1 },
        });
      });

      it('when a GET route reads the body, parses it too', async () => {
        await request(served.url)
          .get('/body/echo')
          .set('Content-Type', 'application/json')
          .send('{"a":3}')
          .expect(200, { present: true, body: { a: 3 } });
      });
    });

    describe('on a route that does not read the body', () => {
      it('ignores any body: text, malformed JSON or over the limit', async () => {
        await post('/body/ignored', 'text/plain', 'hello').expect(201, { ok: true });
        await post('/body/ignored', 'application/json', '{"a": ').expect(201, { ok: true });
        await post('/body/ignored', 'application/json', `"${'x'.repeat(5000)}"`).expect(201, { ok: true });
      });
    });

    describe('on an unknown route', () => {
      it('answers 404 without reading the body', async () => {
        const res = await post('/body/nowhere', 'application/json', '{"a": ').expect(404);
        expect(res.body).to.deep.equal({
          statusCode: 404,
          error: 'Not Found',
          message: 'Cannot POST /body/nowhere',
          code: 'NOT_FOUND',
        });
      });
    });
  });
});
