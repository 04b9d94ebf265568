import { expect } from 'chai';
import request from 'supertest';
import { z } from 'zod';
import { type AppOptions, Body, Controller, createApp, Get, Post } from '../../../src';
import { PAGE_CONTENT_SECURITY_POLICY } from '../../../src/security/page-policy';
import { forEachEngine } from '../../support/engines';
import { expectThrowsCode } from '../../support/expect-code';
import { type Served, serve } from '../../support/serve';

@Controller('/things')
class ThingsController {
  @Get()
  list() {
    return [{ name: 'one' }];
  }

  @Post()
  create(@Body(z.object({ name: z.string() })) body: { name: string }) {
    return body;
  }

  @Get('/broken')
  broken(): never {
    throw new Error('boom');
  }
}

// helmet's defaults, which every answer carries.
const DEFAULT_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-dns-prefetch-control': 'off',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

function expectDefaults(headers: Record<string, string>): void {
  expect(headers).to.include(DEFAULT_HEADERS);
  expect(headers['content-security-policy']).to.include("default-src 'self'");
  expect(headers['content-security-policy']).to.include("object-src 'none'");
}

describe('security headers', () => {
  forEachEngine((engine) => {
    const served: Served[] = [];
    const start = async (options: AppOptions = {}) => {
      const app = await serve(createApp({ engine, controllers: [ThingsController], ...options }));
      served.push(app);
      return app.url;
    };
    after(async () => {
      for (const app of served) await app.close();
    });

    describe('by default', () => {
      let url: string;
      before(async () => {
        url = await start();
      });

      it('a 200 answer carries them, nosniff included', async () => {
        const res = await request(url).get('/things').expect(200);
        expectDefaults(res.headers);
      });

      it('a 201 answer carries them', async () => {
        const res = await request(url).post('/things').send({ name: 'two' }).expect(201);
        expectDefaults(res.headers);
      });

      it('a 404 for an unknown path carries them', async () => {
        const res = await request(url).get('/nowhere').expect(404);
        expectDefaults(res.headers);
      });

      it('a method the path does not serve (405) carries them', async () => {
        const res = await request(url).delete('/things').expect(405);
        expect(res.headers['x-content-type-options']).to.equal('nosniff');
      });

      it('a 422 validation error carries them', async () => {
        const res = await request(url).post('/things').send({ name: 1 }).expect(422);
        expectDefaults(res.headers);
      });

      it('a 400 for malformed JSON carries them', async () => {
        const res = await request(url)
          .post('/things')
          .set('content-type', 'application/json')
          .send('{"name":')
          .expect(400);
        expectDefaults(res.headers);
      });

      it('a 500 from a failing handler carries them', async () => {
        const res = await request(url).get('/things/broken').expect(500);
        expectDefaults(res.headers);
      });

      it('a malformed URL (404 or 400) carries them', async () => {
        const res = await request(url).get('/things/%zz');
        expect(res.status).to.be.oneOf([400, 404]);
        expect(res.headers['x-content-type-options']).to.equal('nosniff');
      });

      it('the Swagger UI page gets the page policy, which allows its own scripts only', async () => {
        const res = await request(url).get('/docs').expect(200);
        expect(res.headers['content-security-policy']).to.equal(PAGE_CONTENT_SECURITY_POLICY);
        expect(res.headers['x-content-type-options']).to.equal('nosniff');
      });

      it('the document and the Swagger UI files keep the default policy', async () => {
        const res = await request(url).get('/openapi.json').expect(200);
        expectDefaults(res.headers);
      });
    });

    describe('with securityHeaders: false', () => {
      it('sets none of them, on routes and on the docs page', async () => {
        const url = await start({ securityHeaders: false });
        for (const path of ['/things', '/nowhere', '/docs']) {
          const res = await request(url).get(path);
          for (const name of ['content-security-policy', 'x-frame-options', 'strict-transport-security'])
            expect(res.headers, `${path} ${name}`).to.not.have.property(name);
        }
        const json = await request(url).get('/things');
        expect(json.headers).to.not.have.property('x-content-type-options');
      });
    });

    describe('with helmet options', () => {
      it('changes the headers named and keeps the others', async () => {
        const url = await start({
          securityHeaders: { frameguard: { action: 'deny' }, strictTransportSecurity: false },
        });
        const res = await request(url).get('/things').expect(200);
        expect(res.headers['x-frame-options']).to.equal('DENY');
        expect(res.headers).to.not.have.property('strict-transport-security');
        expect(res.headers['x-content-type-options']).to.equal('nosniff');
      });

      it('with contentSecurityPolicy: false, neither answers nor the docs page carry a policy', async () => {
        const url = await start({ securityHeaders: { contentSecurityPolicy: false } });
        for (const path of ['/things', '/docs']) {
          const res = await request(url).get(path).expect(200);
          expect(res.headers, path).to.not.have.property('content-security-policy');
        }
      });

      it('a custom policy replaces the default one on answers', async () => {
        const url = await start({
          securityHeaders: { contentSecurityPolicy: { directives: { 'default-src': ["'none'"] } } },
        });
        const res = await request(url).get('/things').expect(200);
        expect(res.headers['content-security-policy']).to.include("default-src 'none'");
      });
    });

    describe('with a policy directive given as a function (a nonce)', () => {
      it('works the policy out for each request', async () => {
        let count = 0;
        const url = await start({
          securityHeaders: {
            contentSecurityPolicy: { directives: { 'script-src': ["'self'", () => `'nonce-n${++count}'`] } },
          },
        });
        const first = await request(url).get('/things').expect(200);
        const second = await request(url).get('/things').expect(200);
        const nonceOf = (headers: Record<string, string>) =>
          /'nonce-(n\d+)'/.exec(headers['content-security-policy'])?.[1];
        expect(nonceOf(first.headers)).to.match(/^n\d+$/);
        expect(nonceOf(second.headers)).to.match(/^n\d+$/);
        expect(nonceOf(second.headers)).to.not.equal(nonceOf(first.headers));
      });
    });

    describe('a malformed option', () => {
      it('fails when the app is created', () => {
        const err = expectThrowsCode(
          () =>
            createApp({
              engine,
              securityHeaders: { referrerPolicy: { policy: 'nowhere' as 'no-referrer' } },
            }),
          'TRELLIS_ERR_INVALID_OPTION',
        );
        expect(err.message).to.match(/^options\.securityHeaders: .*nowhere/);
      });
    });
  });
});
