import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import request from 'supertest';
import { createSampleApp } from '../../../sample/create-sample-app';
import { eventually } from '../../src/redis/redis-spec-helpers';
import { forEachEngine } from '../../support/engines';
import { type RedisServer, startRedisServer } from '../../support/redis-server';
import { type Served, serve } from '../../support/serve';
import { specConfig } from '../support/sample-env';

const ALL_UP = { database: 'up', 'redis:commands': 'up', 'redis:subscriber': 'up' };

function metricsUrlOf(served: Served): string {
  return `http://127.0.0.1:${(served.app.metricsAddress as AddressInfo).port}`;
}

describe('sample in production: request ids, readiness and metrics', () => {
  forEachEngine((engine) => {
    describe('with Redis', () => {
      let redis: RedisServer;
      let sample: Served;
      before(async () => {
        redis = await startRedisServer();
        sample = await serve(
          createSampleApp(specConfig({ TRELLIS_ENGINE: engine, REDIS_URL: redis.url, METRICS_PORT: '0' })),
        );
      });
      after(async () => {
        await sample?.close();
        await redis?.close();
      });

      it('answers every request with an X-Request-Id, the client one when well-formed', async () => {
        const mine = await request(sample.url).get('/health').set('X-Request-Id', 'edge-7f3a').expect(200);
        expect(mine.headers['x-request-id']).to.equal('edge-7f3a');
        const missing = await request(sample.url).get('/nowhere').expect(404);
        expect(missing.headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
        const refused = await request(sample.url).get('/auth/me').set('X-Request-Id', 'bad id!').expect(401);
        expect(refused.headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
      });

      it('serves /metrics on METRICS_PORT only, with request and Redis metrics', async () => {
        await request(sample.url).get('/metrics').expect(404);
        const res = await request(metricsUrlOf(sample)).get('/metrics').expect(200);
        expect(res.text).to.include('http_requests_total{method="GET",route="/health",status_code="200"}');
        expect(res.text).to.include('redis_up{client="commands"} 1');
        expect(res.text).to.include('password_hash_queue_depth 0');
        expect(res.text).to.include('process_cpu_seconds_total');
      });

      it('is live and ready; stopping redis-server makes it 503 (still live), and it is ready again once Redis is back', async () => {
        await request(sample.url).get('/health/live').expect(200, { status: 'ok' });
        await request(sample.url).get('/health/ready').expect(200, { status: 'ok', checks: ALL_UP });

        await redis.stop();
        const down = await eventually(async () => {
          const res = await request(sample.url).get('/health/ready');
          expect(res.status).to.equal(503);
          return res;
        });
        expect(down.body).to.deep.equal({
          statusCode: 503,
          error: 'Service Unavailable',
          message: 'Not ready: redis:commands, redis:subscriber unreachable',
          code: 'SERVICE_UNAVAILABLE',
        });
        expect(down.headers['retry-after']).to.equal('5');
        await request(sample.url).get('/health/live').expect(200);
        const scraped = await request(metricsUrlOf(sample)).get('/metrics').expect(200);
        expect(scraped.text).to.include('redis_up{client="commands"} 0');

        await redis.start();
        await eventually(async () => {
          await request(sample.url).get('/health/ready').expect(200, { status: 'ok', checks: ALL_UP });
        }, 10_000);
        const again = await request(metricsUrlOf(sample)).get('/metrics').expect(200);
        expect(again.text).to.include('redis_up{client="commands"} 1');
      });
    });

    describe('shutting down behind a balancer', () => {
      it('answers 503 on /health/ready for SHUTDOWN_DELAY_MS while still serving, then stops', async () => {
        const sample = await serve(
          createSampleApp(specConfig({ TRELLIS_ENGINE: engine, SHUTDOWN_DELAY_MS: '300' })),
        );
        await request(sample.url).get('/health/ready').expect(200);
        const closing = sample.close();
        const res = await request(sample.url).get('/health/ready').expect(503);
        expect(res.body.message).to.equal('Not ready: shutting down');
        await request(sample.url).get('/health').expect(200);
        await closing;
      });
    });
  });
});
