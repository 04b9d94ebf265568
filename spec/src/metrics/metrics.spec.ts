import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { expect } from 'chai';
import request from 'supertest';
import { z } from 'zod';
import { Auth } from '../../../modules/auth';
import {
  AppMetrics,
  Body,
  Controller,
  createApp,
  Get,
  OnMessage,
  Param,
  Post,
  Query,
  Resolver,
  rateLimit,
  WebSocket,
} from '../../../src';
import { AuthController, FAST_ROUNDS, SECRET, stubUsers } from '../../modules/auth/auth-fixtures';
import { forEachEngine } from '../../support/engines';
import { expectThrowsCode } from '../../support/expect-code';
import { type Served, serve } from '../../support/serve';
import { postGraphql } from '../graphql/graphql-client';
import { TestClient, wsUrl } from '../websocket/support/ws-client';

@Controller('/items')
class ItemsController {
  @Get('/:id')
  one(@Param('id') id: string) {
    return { id };
  }

  @Post()
  create(@Body(z.object({ name: z.string() })) body: { name: string }) {
    return body;
  }

  @Get('/limited/:id')
  limited(@Param('id') id: string) {
    return { id };
  }
}

@WebSocket('/echo')
class EchoGateway {
  @OnMessage()
  echo(_connection: unknown, message: unknown) {
    return message;
  }
}

@Resolver()
class GreetingResolver {
  @Query(z.string())
  hello() {
    return 'world';
  }

  @Query(z.string().nullable())
  broken(): string {
    throw new Error('no');
  }
}

@Resolver()
class GuardedResolver {
  @Query(z.string())
  @Auth()
  secret() {
    return 'only for users';
  }
}

/** The value of one sample line of the Prometheus text, by metric name and exact labels. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (.+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.keys(found).length === wanted.length && wanted.every(([key, value]) => found[key] === value))
      return Number(match[3]);
  }
  return undefined;
}

describe('metrics', () => {
  forEachEngine((engine) => {
    describe('off (the default)', () => {
      let served: Served;
      before(async () => {
        served = await serve(createApp({ engine, controllers: [ItemsController] }));
      });
      after(() => served.close());

      it('has no registry and serves nothing at /metrics', async () => {
        expect(served.app.metrics).to.equal(undefined);
        expect(served.app.metricsAddress).to.equal(undefined);
        await request(served.url).get('/metrics').expect(404);
      });
    });

    describe('on, with a port of their own', () => {
      let served: Served;
      let metricsUrl: string;
      let sockets: TestClient[] = [];
      before(async () => {
        const limiter = rateLimit({ windowMs: 60_000, max: 1 });
        const app = createApp({
          engine,
          controllers: [ItemsController],
          gateways: [EchoGateway],
          resolvers: [GreetingResolver],
          metrics: { port: 0, defaultMetrics: false },
        });
        app.use('/items/limited', limiter);
        served = await serve(app);
        metricsUrl = `http://127.0.0.1:${(app.metricsAddress as AddressInfo).port}`;
      });
      after(async () => {
        for (const socket of sockets) socket.socket.terminate();
        sockets = [];
        await served.close();
      });
      const scrape = async () => (await request(metricsUrl).get('/metrics').expect(200)).text;

      it('serves the Prometheus text on its own port, never on the public one', async () => {
        const res = await request(metricsUrl).get('/metrics').expect(200);
        expect(res.headers['content-type']).to.match(/^text\/plain/);
        expect(res.text).to.include('# TYPE http_request_duration_seconds histogram');
        await request(served.url).get('/metrics').expect(404);
        const other = await request(metricsUrl).get('/other').expect(404);
        expect(other.body).to.deep.equal({
          statusCode: 404,
          error: 'Not Found',
          message: 'Cannot GET /other',
          code: 'NOT_FOUND',
        });
      });

      it('counts requests and their durations by method, route template and status', async () => {
        await request(served.url).get('/items/1').expect(200);
        await request(served.url).get('/items/2').expect(200);
        await request(served.url).post('/items').send({ name: 'x' }).expect(201);
        await request(served.url).post('/items').send({ name: 7 }).expect(422);
        const text = await scrape();
        const get = { method: 'GET', route: '/items/:id', status_code: '200' };
        expect(sample(text, 'http_requests_total', get)).to.equal(2);
        expect(sample(text, 'http_request_duration_seconds_count', get)).to.equal(2);
        expect(sample(text, 'http_request_duration_seconds_sum', get)).to.be.above(0);
        expect(sample(text, 'http_request_duration_seconds_bucket', { ...get, le: '+Inf' })).to.equal(2);
        expect(
          sample(text, 'http_requests_total', { method: 'POST', route: '/items', status_code: '201' }),
        ).to.equal(1);
        expect(
          sample(text, 'http_requests_total', { method: 'POST', route: '/items', status_code: '422' }),
        ).to.equal(1);
        expect(text).not.to.include('route="/items/1"');
      });

      it('puts every unmatched request under one route value, never the raw path', async () => {
        await request(served.url).get('/nope/1').expect(404);
        await request(served.url).get('/nope/2').expect(404);
        await request(served.url).delete('/nope/3').expect(404);
        const text = await scrape();
        // Besides the /metrics asked of the public port by the first spec.
        expect(
          sample(text, 'http_requests_total', { method: 'GET', route: '(unmatched)', status_code: '404' }),
        ).to.equal(3);
        expect(
          sample(text, 'http_requests_total', { method: 'DELETE', route: '(unmatched)', status_code: '404' }),
        ).to.equal(1);
        expect(text).not.to.include('/nope');
      });

      it('counts rate-limit refusals under the route they asked for', async () => {
        await request(served.url).get('/items/limited/1').expect(200);
        await request(served.url).get('/items/limited/2').expect(429);
        await request(served.url).get('/items/limited/3').expect(429);
        const text = await scrape();
        expect(sample(text, 'rate_limit_refusals_total', { route: '/items/limited/:id' })).to.equal(2);
        expect(
          sample(text, 'http_requests_total', {
            method: 'GET',
            route: '/items/limited/:id',
            status_code: '429',
          }),
        ).to.equal(2);
      });

      it('counts open WebSocket connections and the messages they send', async () => {
        const one = await TestClient.connect(wsUrl(served.url, '/echo'));
        const two = await TestClient.connect(wsUrl(served.url, '/echo'));
        sockets.push(one, two);
        one.socket.send(JSON.stringify({ n: 1 }));
        await one.next();
        one.socket.send(JSON.stringify({ n: 2 }));
        await one.next();
        two.socket.send(JSON.stringify({ n: 3 }));
        await two.next();
        let text = await scrape();
        expect(sample(text, 'websocket_connections', { path: '/echo' })).to.equal(2);
        expect(sample(text, 'websocket_messages_received_total', { path: '/echo' })).to.equal(3);
        one.socket.close();
        await one.closed;
        const deadline = Date.now() + 2000;
        do {
          text = await scrape();
        } while (sample(text, 'websocket_connections', { path: '/echo' }) !== 1 && Date.now() < deadline);
        expect(sample(text, 'websocket_connections', { path: '/echo' })).to.equal(1);
      });

      it('counts GraphQL operations by name and outcome, under the GraphQL route', async () => {
        expect((await postGraphql(served.url, 'query Greeting { hello }')).status).to.equal(200);
        await postGraphql(served.url, 'query Greeting { hello }');
        await postGraphql(served.url, 'query Failing { broken }');
        await postGraphql(served.url, '{ hello }');
        await postGraphql(served.url, '{ broken }');
        await postGraphql(served.url, 'query Junk1 { nosuchfield }');
        await postGraphql(served.url, 'query Junk2 { hello(');
        const text = await scrape();
        expect(
          sample(text, 'graphql_operations_total', { operation: 'Greeting', outcome: 'success' }),
        ).to.equal(2);
        expect(sample(text, 'graphql_operations_total', { operation: 'Failing', outcome: 'error' })).to.equal(
          1,
        );
        expect(
          sample(text, 'graphql_operations_total', { operation: '(anonymous)', outcome: 'success' }),
        ).to.equal(1);
        expect(
          sample(text, 'graphql_operations_total', { operation: '(anonymous)', outcome: 'error' }),
        ).to.equal(1);
        // Names of operations that failed validation never become labels.
        expect(
          sample(text, 'graphql_operations_total', { operation: '(rejected)', outcome: 'error' }),
        ).to.equal(2);
        expect(text).not.to.include('Junk');
        expect(
          sample(text, 'http_requests_total', { method: 'POST', route: '/graphql', status_code: '200' }),
        ).to.be.at.least(3);
      });
    });

    describe('with the auth module', () => {
      let served: Served;
      const releases: (() => void)[] = [];
      before(async () => {
        const users = await stubUsers();
        // The application's own provider: each verification waits until the spec lets it finish.
        const verifyPassword = () =>
          new Promise<boolean>((resolve) => {
            releases.push(() => resolve(false));
          });
        served = await serve(
          createApp({
            engine,
            controllers: [AuthController],
            resolvers: [GuardedResolver],
            metrics: { defaultMetrics: false },
          }).install('auth', {
            jwt: { secret: SECRET, accessTokenTTL: 60, refreshTokenTTL: 600 },
            userProvider: { ...users.provider, verifyPassword } as never,
            bcryptRounds: FAST_ROUNDS,
            loginsPerUsername: 100,
          }),
        );
      });
      after(async () => {
        for (const release of releases) release();
        await served.close();
      });

      it('counts an operation its guards refused as (rejected), never under the name it gave', async () => {
        for (let i = 0; i < 3; i++) {
          const res = await postGraphql(served.url, `query Junk${i} { secret }`);
          expect(res.body.errors?.[0].extensions?.code).to.equal('UNAUTHENTICATED');
        }
        const text = await served.app.metrics!.text();
        expect(
          sample(text, 'graphql_operations_total', { operation: '(rejected)', outcome: 'error' }),
        ).to.equal(3);
        expect(text).not.to.include('Junk');
      });

      it('reports how many password checks wait for a hashing slot', async () => {
        const slots = Math.max(1, availableParallelism() - 1);
        const waiting = 3;
        const logins = Array.from({ length: slots + waiting }, () =>
          request(served.url).post('/auth/login').send({ username: 'ada', password: 'wrong-password' }),
        );
        const pending = logins.map((login) => login.then((res) => res.status));
        const deadline = Date.now() + 3000;
        while (releases.length < slots && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
        await new Promise((r) => setTimeout(r, 100));
        expect(sample(await served.app.metrics!.text(), 'password_hash_queue_depth')).to.equal(waiting);
        while (
          releases.length > 0 ||
          (await Promise.race([
            Promise.all(pending).then(() => true),
            new Promise((r) => setTimeout(() => r(false), 20)),
          ])) === false
        )
          releases.shift()?.();
        expect(await Promise.all(pending)).to.deep.equal(Array(slots + waiting).fill(401));
        expect(sample(await served.app.metrics!.text(), 'password_hash_queue_depth')).to.equal(0);
      });
    });
  });

  describe('GraphQL operation names', () => {
    it('labels at most 200 distinct names; later new ones share (other), known ones keep their own', async () => {
      const metrics = new AppMetrics({ defaultMetrics: false });
      for (let i = 0; i < 200; i++) metrics.graphqlOperation(`Op${i}`, 'success');
      metrics.graphqlOperation('Late', 'success');
      metrics.graphqlOperation('Later', 'error');
      metrics.graphqlOperation('Op7', 'success');
      const text = await metrics.text();
      expect(sample(text, 'graphql_operations_total', { operation: 'Op199', outcome: 'success' })).to.equal(
        1,
      );
      expect(sample(text, 'graphql_operations_total', { operation: 'Op7', outcome: 'success' })).to.equal(2);
      expect(sample(text, 'graphql_operations_total', { operation: '(other)', outcome: 'success' })).to.equal(
        1,
      );
      expect(sample(text, 'graphql_operations_total', { operation: '(other)', outcome: 'error' })).to.equal(
        1,
      );
      expect(text).not.to.include('Late');
    });
  });

  describe('misconfigured', () => {
    it('refuses a bad port or path when the app is created', () => {
      for (const [metrics, path] of [
        [{ port: 70_000 }, 'options.metrics.port'],
        [{ port: 1.5 }, 'options.metrics.port'],
        [{ path: 'metrics' }, 'options.metrics.path'],
        [{ buckets: [] }, 'options.metrics.buckets'],
      ] as const) {
        const err = expectThrowsCode(
          () => createApp({ metrics: metrics as never }),
          'TRELLIS_ERR_INVALID_OPTION',
        );
        expect(err.message.startsWith(`${path}:`)).to.equal(true, err.message);
      }
    });
  });
});
