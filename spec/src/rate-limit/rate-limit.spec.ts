import { expect } from 'chai';
import { type IncrementResponse, MemoryStore, type Options, type Store } from 'express-rate-limit';
import request from 'supertest';
import { createApp, rateLimit } from '../../../src';
import type { EngineName } from '../../../src/engine/engine';
import { forEachEngine } from '../../support/engines';
import { rateLimitOf } from '../../support/rate-limit-fields';
import { type Served, serve } from '../../support/serve';
import { FreeController, LimitedController, recordingLogger, sleep, TOO_MANY } from './limited-app';

/** A store that counts in memory and remembers the keys it was asked about. */
class RecordingStore implements Store {
  readonly keys: string[] = [];
  private readonly memory = new MemoryStore();
  readonly localKeys = true;

  init(options: Options): void {
    this.memory.init(options);
  }

  increment(key: string): Promise<IncrementResponse> {
    this.keys.push(key);
    return this.memory.increment(key);
  }

  decrement(key: string): Promise<void> {
    return this.memory.decrement(key);
  }

  resetKey(key: string): Promise<void> {
    return this.memory.resetKey(key);
  }
}

function appWith(engine: EngineName, ...limiters: Parameters<typeof rateLimit>[0][]) {
  const app = createApp({
    engine,
    controllers: [LimitedController, FreeController],
    openapi: false,
    graphql: false,
  });
  for (const options of limiters) app.use('/limited', rateLimit(options));
  return app;
}

describe('rateLimit over HTTP', () => {
  forEachEngine((engine) => {
    describe('when app.use limits a path to 5 requests a minute', () => {
      const logger = recordingLogger();
      let served: Served;
      before(async () => {
        served = await serve(appWith(engine, { windowMs: 60_000, max: 5, logger }));
      });
      after(() => served.close());

      it('lets 5 through with the RateLimit headers counting down', async () => {
        for (let i = 1; i <= 5; i++) {
          const res = await request(served.url).get('/limited').expect(200, { ok: true });
          const fields = rateLimitOf(res.headers);
          expect(fields).to.deep.include({ name: '5-in-1min', limit: 5, window: 60, remaining: 5 - i });
          expect(fields.reset).to.be.within(1, 60);
          expect(res.headers).not.to.have.property('ratelimit-limit');
          expect(res.headers).not.to.have.property('x-ratelimit-limit');
          expect(res.headers).not.to.have.property('retry-after');
        }
      });

      it('answers the 6th with a 429, the framework error body and Retry-After', async () => {
        const res = await request(served.url).get('/limited').expect(429);
        expect(res.body).to.deep.equal(TOO_MANY);
        expect(res.headers['content-type']).to.match(/^application\/json/);
        expect(Number(res.headers['retry-after'])).to.be.within(1, 60);
        const fields = rateLimitOf(res.headers);
        expect(fields).to.deep.include({ limit: 5, window: 60, remaining: 0 });
        expect(fields.reset).to.equal(Number(res.headers['retry-after']));
      });

      it('limits the paths under the limited one too', async () => {
        await request(served.url).get('/limited/deeper').expect(429);
      });

      it('leaves other paths alone', async () => {
        for (let i = 0; i < 8; i++) {
          const res = await request(served.url).get('/free').expect(200);
          expect(res.headers).not.to.have.property('ratelimit-policy');
        }
      });

      it('reports no misconfiguration', () => {
        expect(logger.messages).to.deep.equal([]);
      });
    });

    describe('when the window ends', () => {
      let served: Served;
      before(async () => {
        served = await serve(appWith(engine, { windowMs: 400, max: 1 }));
      });
      after(() => served.close());

      it('lets the client in again', async () => {
        await request(served.url).get('/limited').expect(200);
        const limited = await request(served.url).get('/limited').expect(429);
        expect(limited.headers['retry-after']).to.equal('1');
        await sleep(550);
        const again = await request(served.url).get('/limited').expect(200);
        expect(rateLimitOf(again.headers).remaining).to.equal(0);
        await request(served.url).get('/limited').expect(429);
      });
    });

    describe('when an async keyGenerator keys by API key', () => {
      let served: Served;
      before(async () => {
        const keyGenerator = async (req: { headers: Record<string, unknown> }) => {
          await sleep(1);
          return String(req.headers['x-api-key'] ?? 'anonymous');
        };
        served = await serve(appWith(engine, { windowMs: 60_000, max: 2, keyGenerator }));
      });
      after(() => served.close());

      it('counts each key on its own', async () => {
        const as = (key: string) => request(served.url).get('/limited').set('x-api-key', key);
        await as('a').expect(200);
        await as('a').expect(200);
        await as('a').expect(429, TOO_MANY);
        await as('b').expect(200);
      });
    });

    describe('when the keyGenerator throws', () => {
      let served: Served;
      before(async () => {
        const keyGenerator = () => {
          throw new Error('secret internals');
        };
        served = await serve(appWith(engine, { windowMs: 60_000, max: 2, keyGenerator }));
      });
      after(() => served.close());

      it('answers 500 without internals', async () => {
        const res = await request(served.url).get('/limited').expect(500);
        expect(res.body).to.deep.equal({
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'Internal Server Error',
          code: 'INTERNAL_SERVER_ERROR',
        });
      });
    });

    describe('when a store is passed', () => {
      const store = new RecordingStore();
      let served: Served;
      before(async () => {
        served = await serve(appWith(engine, { windowMs: 60_000, max: 1, store }));
      });
      after(() => served.close());

      it('counts there, under the client address', async () => {
        await request(served.url).get('/limited').expect(200);
        await request(served.url).get('/limited').expect(429);
        expect(store.keys).to.deep.equal(['127.0.0.1', '127.0.0.1']);
      });
    });

    describe('when the store fails (Redis unreachable)', () => {
      let served: Served;
      before(async () => {
        const store: Store = {
          increment: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.1:6379')),
          decrement: () => {},
          resetKey: () => {},
        };
        served = await serve(appWith(engine, { windowMs: 60_000, max: 1, store }));
      });
      after(() => served.close());

      it('answers 503 without internals', async () => {
        const res = await request(served.url).get('/limited').expect(503);
        expect(res.body).to.deep.equal({
          statusCode: 503,
          error: 'Service Unavailable',
          message: 'Rate limit store unavailable',
          code: 'SERVICE_UNAVAILABLE',
        });
        await request(served.url).get('/free').expect(200);
      });
    });
  });
});
