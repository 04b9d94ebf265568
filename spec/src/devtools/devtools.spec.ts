import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { expect } from 'chai';
import request from 'supertest';
import { Controller, Depends, Get, HttpCode, Injectable, Param, Post } from '../../../index';
import { createApp } from '../../../src/app/create-app';
import type { AppOptions } from '../../../src/options/app-options';
import { forEachEngine } from '../../support/engines';
import { expectCode, expectThrowsCode } from '../../support/expect-code';
import { recordSpans } from '../../support/recorded-spans';
import { type Served, serve } from '../../support/serve';

@Injectable('request')
class Visit {}

@Controller('/notes')
class NotesController {
  @Get('/:id')
  one(@Param('id') id: string, @Depends(Visit) _visit: Visit) {
    if (id === 'missing') throw Object.assign(new Error('not here'), { statusCode: 500 });
    return { id };
  }

  @Post('/')
  @HttpCode(202)
  add() {
    return {};
  }
}

// An address of this machine that is not loopback: a request from it reaches the server from
// outside the loopback interface, as a remote client's would.
function outsideAddress(): string {
  const found = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal);
  if (!found) throw new Error('this machine has no non-loopback IPv4 interface to reach the server from');
  return found.address;
}

describe('the devtools page', () => {
  it('is off unless asked: /_trellis is not served', async () => {
    const app = createApp({ controllers: [NotesController] });
    await request(await app.ready())
      .get('/_trellis')
      .expect(404);
    await app.close();
  });

  it('refuses a malformed option at createApp', () => {
    const error = expectThrowsCode(
      () => createApp({ devtools: { allowRemote: 'yes' } } as unknown as AppOptions),
      'TRELLIS_ERR_INVALID_OPTION',
    );
    expect(error.message).to.contain('devtools');
  });

  describe('under NODE_ENV=production', () => {
    let before: string | undefined;
    beforeEach(() => {
      before = process.env.NODE_ENV;
      process.env.NODE_ENV = 'production';
    });
    afterEach(() => {
      if (before === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = before;
    });

    it('fails ready() with a code', async () => {
      const app = createApp({ controllers: [NotesController], devtools: true });
      const failure = await app.ready().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(expectCode(failure, 'TRELLIS_ERR_DEVTOOLS_IN_PRODUCTION').message).to.contain('production');
      await app.close();
    });
  });

  forEachEngine((engine) => {
    let served: Served;
    beforeEach(async () => {
      served = await serve(createApp({ engine, controllers: [NotesController], devtools: { requests: 3 } }));
    });
    afterEach(() => served.close());

    it('serves a page with the routes table and the graph drawn as inline SVG, under the pages policy', async () => {
      const res = await request(served.url)
        .get('/_trellis')
        .expect(200)
        .expect('Content-Type', /text\/html/);
      expect(res.headers['content-security-policy']).to.contain("script-src 'self'");
      expect(res.text).to.contain('<code>/notes/:id</code>');
      expect(res.text).to.contain('<code>NotesController.one</code>');
      expect(res.text).to.match(/<g class="node request" data-name="Visit" data-scope="request">/);
      expect(res.text).to.match(/<path class="edge" data-from="NotesController" data-to="Visit"/);
      expect(res.text).not.to.match(/<script>|https?:\/\/(?!www\.w3\.org)/);
      await request(served.url)
        .get('/_trellis/devtools.js')
        .expect(200)
        .expect('Content-Type', /javascript/);
    });

    it('lists the latest requests, newest first, with status and duration, and keeps only as many as asked', async () => {
      await request(served.url).get('/notes/1').expect(200);
      await request(served.url).post('/notes').expect(202);
      await request(served.url).get('/nowhere').expect(404);
      await request(served.url).get('/notes/2').expect(200);
      const { body } = await request(served.url).get('/_trellis.json').expect(200);
      expect(body.routes.map((route: { path: string }) => route.path)).to.deep.equal([
        '/notes/:id',
        '/notes',
      ]);
      expect(
        body.requests.map(({ method, url, status }: Record<string, unknown>) => `${method} ${url} ${status}`),
      ).to.deep.equal(['GET /notes/2 200', 'GET /nowhere 404', 'POST /notes 202']);
      // The route each was served by, with no observability option on: devtools alone notes it.
      expect(body.requests.map(({ route }: { route?: string }) => route)).to.deep.equal([
        '/notes/:id',
        undefined,
        '/notes',
      ]);
      for (const { durationMs, at } of body.requests) {
        expect(durationMs).to.be.a('number').and.to.be.at.least(0);
        expect(Date.parse(at)).to.be.closeTo(Date.now(), 60_000);
      }
    });

    it('answers 403 with a code to a client beyond loopback', async () => {
      const app = createApp({ engine, controllers: [NotesController], devtools: true });
      const server = await app.listen(0, '0.0.0.0');
      const address = `http://${outsideAddress()}:${(server.address() as AddressInfo).port}`;
      try {
        const res = await request(address).get('/_trellis.json').expect(403);
        expect(res.body.code).to.equal('DEVTOOLS_LOOPBACK_ONLY');
        await request(address).get('/notes/1').expect(200);
      } finally {
        await app.close();
      }
    });

    it('answers a client beyond loopback with allowRemote', async () => {
      const app = createApp({ engine, controllers: [NotesController], devtools: { allowRemote: true } });
      const server = await app.listen(0, '0.0.0.0');
      const address = `http://${outsideAddress()}:${(server.address() as AddressInfo).port}`;
      try {
        await request(address).get('/_trellis.json').expect(200);
      } finally {
        await app.close();
      }
    });
  });

  describe('with tracing on', () => {
    recordSpans();

    forEachEngine((engine) => {
      it("lists each request's spans: the request's own and its handler's", async () => {
        const served = await serve(
          createApp({ engine, controllers: [NotesController], devtools: true, tracing: { steps: true } }),
        );
        try {
          await request(served.url).get('/notes/7').expect(200);
          await request(served.url).post('/notes').expect(202);
          // The request spans are made after their turn of the event loop.
          await new Promise((resolve) => setImmediate(resolve));
          const { body } = await request(served.url).get('/_trellis.json?part=requests').expect(200);
          const [post, get] = body.requests;
          expect(get.url).to.equal('/notes/7');
          expect(get.spans.map(({ name }: { name: string }) => name).sort()).to.deep.equal([
            'GET /notes/:id',
            'handler NotesController.one',
          ]);
          expect(post.spans.map(({ name }: { name: string }) => name)).to.include('POST /notes');
          expect(post.spans.map(({ name }: { name: string }) => name)).not.to.include('GET /notes/:id');
        } finally {
          await served.close();
        }
      });
    });
  });
});
