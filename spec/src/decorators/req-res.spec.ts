import { expect } from 'chai';
import request from 'supertest';
import { Controller, createApp, Get, Post, Req, Res } from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';

// Only members Express's req/res and Fastify's request/reply share, so the spec runs on both.
interface NativeRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}
interface NativeResponse {
  status(code: number): NativeResponse;
  header(name: string, value: string): NativeResponse;
  type(contentType: string): NativeResponse;
  send(payload: string): unknown;
}

@Controller('/native')
class NativeController {
  @Get('/req')
  req(@Req() req: NativeRequest) {
    return { method: req.method, url: req.url, agent: req.headers['x-agent'] };
  }

  @Post('/accepted')
  accepted(@Res() res: NativeResponse) {
    res.status(202);
    return { queued: true };
  }

  @Get('/header')
  header(@Res() res: NativeResponse) {
    res.header('X-Handled-By', 'native');
    return { ok: true };
  }

  @Get('/gone')
  gone(@Res() res: NativeResponse) {
    res.status(410);
  }

  @Get('/self')
  self(@Res() res: NativeResponse) {
    res.status(200).type('text/plain').send('sent by the handler');
    return { ignored: true };
  }
}

describe('Req() and Res()', () => {
  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      served = await serve(createApp({ engine, controllers: [NativeController] }));
    });
    after(() => served.close());

    it('Req() gives the native request', async () => {
      await request(served.url)
        .get('/native/req?x=1')
        .set('X-Agent', 'spec')
        .expect(200, { method: 'GET', url: '/native/req?x=1', agent: 'spec' });
    });

    it('when the handler sets a status through Res() and returns a value, that status is sent with the JSON', async () => {
      await request(served.url).post('/native/accepted').expect(202, { queued: true });
    });

    it('when the handler sets a header through Res(), the header is kept', async () => {
      const res = await request(served.url).get('/native/header').expect(200, { ok: true });
      expect(res.headers['x-handled-by']).to.equal('native');
    });

    it('when the handler sets a status and returns nothing, that status is sent without a body', async () => {
      const res = await request(served.url).get('/native/gone').expect(410);
      expect(res.text ?? '').to.equal('');
    });

    it('when the handler sends the response itself, Trellis does not answer again', async () => {
      const res = await request(served.url).get('/native/self').expect(200);
      expect(res.headers['content-type']).to.match(/text\/plain/);
      expect(res.text).to.equal('sent by the handler');
      // The server is still healthy: no double write crashed it.
      await request(served.url).get('/native/header').expect(200);
    });
  });
});
