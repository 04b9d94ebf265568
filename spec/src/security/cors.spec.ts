import { expect } from 'chai';
import request from 'supertest';
import { z } from 'zod';
import { type AppOptions, Body, Controller, createApp, Get, Post, Query, Resolver } from '../../../src';
import { forEachEngine } from '../../support/engines';
import { expectThrowsCode } from '../../support/expect-code';
import { type Served, serve } from '../../support/serve';

@Controller('/auth')
class LoginController {
  // POST only: its preflight has no route of its own.
  @Post('/login')
  login(@Body(z.object({ username: z.string() })) body: { username: string }) {
    return { user: body.username };
  }

  @Get('/me')
  me() {
    return { user: 'ada' };
  }
}

@Resolver()
class HelloResolver {
  @Query(z.string())
  hello() {
    return 'world';
  }
}

const APP = 'http://127.0.0.1:5173';
const INVALID = 'TRELLIS_ERR_INVALID_OPTION';
const OTHER = 'https://evil.example';

function preflight(url: string, path: string, origin: string, method = 'POST') {
  return request(url)
    .options(path)
    .set('origin', origin)
    .set('access-control-request-method', method)
    .set('access-control-request-headers', 'content-type, authorization');
}

function corsHeadersOf(headers: Record<string, string>): string[] {
  return Object.keys(headers).filter((name) => name.startsWith('access-control-'));
}

describe('cors option', () => {
  forEachEngine((engine) => {
    const served: Served[] = [];
    const start = async (cors: AppOptions['cors']) => {
      const app = await serve(
        createApp({ engine, cors, controllers: [LoginController], resolvers: [HelloResolver] }),
      );
      served.push(app);
      return app.url;
    };
    after(async () => {
      for (const app of served) await app.close();
    });

    describe('with a list of origins, credentials, exposed headers and max age', () => {
      let url: string;
      before(async () => {
        url = await start({
          origin: [APP, /^https:\/\/[a-z]+\.trusted\.example$/],
          credentials: true,
          exposedHeaders: ['X-Request-Id'],
          maxAge: 600,
        });
      });

      it('answers the preflight of a POST-only path for a listed origin', async () => {
        const res = await preflight(url, '/auth/login', APP).expect(204);
        expect(res.headers).to.include({
          'access-control-allow-origin': APP,
          'access-control-allow-credentials': 'true',
          'access-control-allow-headers': 'content-type, authorization',
          'access-control-max-age': '600',
        });
        expect(res.headers['access-control-allow-methods']).to.include('POST');
        expect(res.headers.vary).to.include('Origin');
        expect(res.text).to.equal('');
      });

      it('answers the preflight of an origin matching a listed pattern', async () => {
        const origin = 'https://app.trusted.example';
        const res = await preflight(url, '/auth/login', origin).expect(204);
        expect(res.headers['access-control-allow-origin']).to.equal(origin);
      });

      it('answers the preflight of a path without any route, and of the GraphQL path', async () => {
        for (const path of ['/nowhere', '/graphql']) {
          const res = await preflight(url, path, APP).expect(204);
          expect(res.headers['access-control-allow-origin'], path).to.equal(APP);
        }
      });

      it('answers a disallowed origin with the preflight answer but no CORS header', async () => {
        const res = await preflight(url, '/auth/login', OTHER).expect(204);
        expect(corsHeadersOf(res.headers)).to.deep.equal([]);
        expect(res.headers.vary).to.include('Origin');
      });

      it('refuses an origin that only contains a listed one', async () => {
        const res = await preflight(url, '/auth/login', `${APP}.evil.example`).expect(204);
        expect(corsHeadersOf(res.headers)).to.deep.equal([]);
      });

      it('gives the actual request of a listed origin the CORS headers, exposed headers included', async () => {
        const res = await request(url)
          .post('/auth/login')
          .set('origin', APP)
          .send({ username: 'ada' })
          .expect(201);
        expect(res.body).to.deep.equal({ user: 'ada' });
        expect(res.headers).to.include({
          'access-control-allow-origin': APP,
          'access-control-allow-credentials': 'true',
          'access-control-expose-headers': 'X-Request-Id',
        });
      });

      it('answers the actual request of a disallowed origin without CORS headers (the browser hides it)', async () => {
        const res = await request(url).get('/auth/me').set('origin', OTHER).expect(200);
        expect(corsHeadersOf(res.headers)).to.deep.equal([]);
      });

      it('gives GraphQL answers the CORS headers', async () => {
        const res = await request(url)
          .post('/graphql')
          .set('origin', APP)
          .send({ query: '{ hello }' })
          .expect(200);
        expect(res.body).to.deep.equal({ data: { hello: 'world' } });
        expect(res.headers['access-control-allow-origin']).to.equal(APP);
      });

      it('leaves a request without Origin (not from a browser page) as it was, varying on Origin', async () => {
        const res = await request(url).get('/auth/me').expect(200);
        expect(corsHeadersOf(res.headers)).to.deep.equal([]);
        expect(res.headers.vary).to.include('Origin');
      });

      it('lets an OPTIONS that is no preflight reach the routes (405 with Allow here)', async () => {
        const res = await request(url).options('/auth/login').set('origin', APP).expect(405);
        expect(res.headers.allow).to.equal('POST');
      });

      it('gives error answers of a listed origin the CORS headers, so the page can read them', async () => {
        const res = await request(url)
          .post('/auth/login')
          .set('origin', APP)
          .send({ username: 1 })
          .expect(422);
        expect(res.headers['access-control-allow-origin']).to.equal(APP);
      });
    });

    describe('with cors: true', () => {
      it("allows any origin with '*' and no credentials", async () => {
        const url = await start(true);
        const res = await preflight(url, '/auth/login', OTHER).expect(204);
        expect(res.headers['access-control-allow-origin']).to.equal('*');
        expect(res.headers).to.not.have.property('access-control-allow-credentials');
        const actual = await request(url).get('/auth/me').set('origin', OTHER).expect(200);
        expect(actual.headers['access-control-allow-origin']).to.equal('*');
      });
    });

    describe('with a predicate', () => {
      let url: string;
      const asked: string[] = [];
      before(async () => {
        url = await start({
          origin: async (origin) => {
            asked.push(origin);
            return origin.endsWith('.partner.example');
          },
          methods: ['GET', 'POST'],
        });
      });

      it('allows what it accepts, with the methods given', async () => {
        const origin = 'https://shop.partner.example';
        const res = await preflight(url, '/auth/login', origin).expect(204);
        expect(res.headers['access-control-allow-origin']).to.equal(origin);
        expect(res.headers['access-control-allow-methods']).to.equal('GET,POST');
        expect(asked).to.include(origin);
      });

      it('refuses what it rejects', async () => {
        const res = await preflight(url, '/auth/login', OTHER).expect(204);
        expect(corsHeadersOf(res.headers)).to.deep.equal([]);
      });
    });

    describe('with a predicate that throws', () => {
      it('answers 500 as any failure, without a hang', async () => {
        const url = await start({
          origin: () => {
            throw new Error('origin store down');
          },
        });
        const res = await request(url).get('/auth/me').set('origin', APP).expect(500);
        expect(res.body).to.deep.equal({
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'Internal Server Error',
          code: 'INTERNAL_SERVER_ERROR',
        });
      });
    });

    describe('with a predicate that rejects', () => {
      it('answers 500 as any failure, without a hang, preflights included', async () => {
        const url = await start({ origin: () => Promise.reject(new Error('origin store down')) });
        const res = await request(url).get('/auth/me').set('origin', APP).expect(500);
        expect(res.body).to.deep.equal({
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'Internal Server Error',
          code: 'INTERNAL_SERVER_ERROR',
        });
        const pre = await preflight(url, '/auth/login', APP).expect(500);
        expect(corsHeadersOf(pre.headers)).to.deep.equal([]);
      });
    });

    describe('without the option', () => {
      it('answers no preflight and sets no CORS header (same-origin only)', async () => {
        const url = await start(undefined);
        const res = await preflight(url, '/auth/login', APP).expect(405);
        expect(corsHeadersOf(res.headers)).to.deep.equal([]);
      });
    });

    describe('a malformed option fails when the app is created', () => {
      it("origin true with credentials (browsers refuse '*' with credentials)", () => {
        const err = expectThrowsCode(
          () => createApp({ engine, cors: { origin: true, credentials: true } }),
          INVALID,
        );
        expect(err.message).to.match(/^options\.cors\.credentials: /);
      });

      it('an origin that is neither a list, a string, a function nor true', () => {
        for (const origin of [42, [APP, 7], null] as unknown as string[]) {
          const err = expectThrowsCode(() => createApp({ engine, cors: { origin } }), INVALID);
          expect(err.message).to.match(/^options\.cors\.origin: /);
        }
      });

      it('a max age that is not a whole number of seconds', () => {
        for (const maxAge of [-1, 1.5]) {
          const err = expectThrowsCode(() => createApp({ engine, cors: { origin: APP, maxAge } }), INVALID);
          expect(err.message).to.match(/^options\.cors\.maxAge: /);
        }
      });
    });
  });
});
