import { expect } from 'chai';
import request from 'supertest';
import { z } from 'zod';
import {
  Body,
  Controller,
  clientAddress,
  createApp,
  Depends,
  Post,
  type RateLimiter,
  rateLimit,
} from '../../../src';
import type { RequestContext } from '../../../src/http/request-context';
import { forEachEngine } from '../../support/engines';
import { rateLimitOf } from '../../support/rate-limit-fields';
import { type Served, serve } from '../../support/serve';
import { recordingLogger, TOO_MANY } from './limited-app';

const credentials = z.object({ username: z.string().min(1), password: z.string().min(1) });

describe('rateLimit check(ctx) inside a route', () => {
  forEachEngine((engine) => {
    const logger = recordingLogger();
    let limiter: RateLimiter;
    let served: Served;

    @Controller('/auth')
    class LoginController {
      @Post('/login')
      login(
        @Body(credentials) body: z.infer<typeof credentials>,
        @Depends((ctx: RequestContext) => limiter.check(ctx)) _limit: undefined,
      ) {
        return { username: body.username };
      }
    }

    before(async () => {
      limiter = rateLimit({
        windowMs: 60_000,
        max: 2,
        logger,
        keyGenerator: (req, ctx) =>
          `${clientAddress(req)}:${(ctx?.body as { username?: string } | undefined)?.username}`,
      });
      served = await serve(createApp({ engine, controllers: [LoginController] }));
    });
    after(() => served.close());

    const login = (username: unknown) =>
      request(served.url).post('/auth/login').send({ username, password: 'x' });

    describe('when one username is tried too often from one client', () => {
      it('answers 429 for that username with the error body, Retry-After and RateLimit headers', async () => {
        const first = await login('alice').expect(201, { username: 'alice' });
        expect(rateLimitOf(first.headers).remaining).to.equal(1);
        await login('alice').expect(201);
        const res = await login('alice').expect(429);
        expect(res.body).to.deep.equal(TOO_MANY);
        expect(Number(res.headers['retry-after'])).to.be.within(1, 60);
        const fields = rateLimitOf(res.headers);
        expect(fields).to.deep.include({ limit: 2, remaining: 0 });
        expect(fields.reset).to.equal(Number(res.headers['retry-after']));
      });

      it('still lets the same client log in as another username', async () => {
        await login('bob').expect(201, { username: 'bob' });
      });

      it('lets the username in again once its key is reset', async () => {
        await limiter.resetKey('127.0.0.1:alice');
        await login('alice').expect(201);
      });
    });

    describe('when the body fails validation', () => {
      it('answers 422 without counting the attempt', async () => {
        for (let i = 0; i < 3; i++) {
          await request(served.url).post('/auth/login').send({ username: 'carol' }).expect(422);
        }
        await login('carol').expect(201);
        await login('carol').expect(201);
        await login('carol').expect(429);
      });
    });

    describe('afterwards', () => {
      it('reports no misconfiguration', () => {
        expect(logger.messages).to.deep.equal([]);
      });
    });
  });
});
