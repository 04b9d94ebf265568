import { type IncomingMessage, request } from 'node:http';
import { expect } from 'chai';
import type { Redis } from 'ioredis';
import { Pool } from 'pg';
import { Controller, createApp, defineModule } from '../../../src';
import type { Application } from '../../../src/app/application';
import { EventFeed } from '../../../src/event-feed/event-feed';
import { recordGuard } from '../../../src/kernel/guards/record-guard';
import { closeRedisClient, createRedisClient } from '../../../src/redis';
import { Sse } from '../../../src/sse/sse-decorators';
import type { Broadcaster, BroadcastListener } from '../../../src/websocket/broadcaster';
import { LocalBroadcaster } from '../../../src/websocket/local-broadcaster';
import { forEachEngine } from '../../support/engines';
import { type PostgresServer, startPostgresServer } from '../../support/postgres-server';
import { type RedisServer, startRedisServer } from '../../support/redis-server';
import { type Served, serve } from '../../support/serve';
import { SseClient } from './support/sse-client';

/** A broadcaster that counts the subscriptions still held. */
class CountingBroadcaster implements Broadcaster {
  held = 0;
  private readonly inner = new LocalBroadcaster();
  publish(gateway: string, envelope: { data: string }) {
    this.inner.publish(gateway, envelope);
  }
  subscribe(gateway: string, listener: BroadcastListener) {
    this.held++;
    const stop = this.inner.subscribe(gateway, listener);
    return () => {
      this.held--;
      stop();
    };
  }
}

/** What the guard awaits: a round trip to PostgreSQL or to Redis. */
let backendCall: () => Promise<unknown> = async () => {};
/** When set, the guard also waits until its client has gone (the abort lands inside the guard). */
let outlastClient = false;
const guardCalls = { entered: 0, settled: 0 };
const broadcaster = new CountingBroadcaster();
const feed = new EventFeed({ broadcaster });

const backendGuardModule = defineModule<Record<string, never>>({
  name: 'spec-backend-guard',
  install(app) {
    app.guards.define({
      kind: 'spec-backend-guard',
      priority: 10,
      compile: () => async (ctx) => {
        guardCalls.entered++;
        try {
          await backendCall();
          if (outlastClient) {
            const { req } = ctx as unknown as { req: IncomingMessage & { raw?: IncomingMessage } };
            const { socket } = req.raw ?? req;
            if (!socket.destroyed) await new Promise((resolve) => socket.once('close', resolve));
            await backendCall();
          }
        } finally {
          guardCalls.settled++;
        }
      },
    });
  },
});
const BackendChecked = () =>
  recordGuard({ kind: 'spec-backend-guard', module: 'spec-backend-guard', label: 'BackendChecked()' });

@Controller('/feed')
class FeedController {
  @Sse()
  @BackendChecked()
  tasks() {
    return feed.stream('tasks');
  }
}

const CAP = 4;
const ABORTS = 80;

// Sends a request and destroys it `afterMs` later, whatever state it reached.
function abortAfter(url: string, afterMs: number): Promise<void> {
  return new Promise((resolve) => {
    const req = request(url, { headers: { accept: 'text/event-stream' } });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.end();
    setTimeout(() => req.destroy(), afterMs);
  });
}

async function waitUntil(condition: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what}: not reached in ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('Event streams whose client goes away while async guards run', () => {
  let postgres: PostgresServer;
  let redisServer: RedisServer;
  let pool: Pool;
  let redis: Redis;
  before(async function () {
    this.timeout(60_000);
    [postgres, redisServer] = await Promise.all([startPostgresServer(), startRedisServer()]);
    pool = new Pool({ connectionString: postgres.url, max: 20 });
    redis = createRedisClient(redisServer.url);
  });
  after(async () => {
    await pool?.end();
    if (redis) await closeRedisClient(redis);
    await Promise.all([postgres?.close(), redisServer?.close()]);
  });

  const backends: Record<string, () => () => Promise<unknown>> = {
    PostgreSQL: () => () => pool.query('SELECT pg_sleep(0.002)'),
    Redis: () => () => redis.ping(),
  };

  forEachEngine((engine) => {
    for (const [backend, call] of Object.entries(backends)) {
      describe(`with a guard that awaits ${backend}`, () => {
        let app: Application;
        let served: Served | undefined;
        const clients: SseClient[] = [];
        beforeEach(async () => {
          backendCall = call();
          outlastClient = false;
          guardCalls.entered = 0;
          guardCalls.settled = 0;
          app = createApp({
            engine,
            controllers: [FeedController],
            sse: { maxConnectionsPerClient: CAP },
          }).install(backendGuardModule, {});
          served = await serve(app);
        });
        afterEach(async () => {
          for (const client of clients.splice(0)) client.close();
          await served?.close();
          served = undefined;
        });

        it('gives back every place and subscription of clients that left at 0-20 ms', async function () {
          this.timeout(30_000);
          const url = `${served!.url}/feed`;
          await Promise.all(Array.from({ length: ABORTS }, (_, i) => abortAfter(url, i % 21)));
          await waitUntil(() => guardCalls.entered === guardCalls.settled, 'guards settled');
          await waitUntil(() => broadcaster.held === 0, 'subscriptions released');
          // Every place of this address is free: CAP new streams open, one more is refused.
          for (let i = 0; i < CAP; i++) {
            const client = await SseClient.open(url);
            clients.push(client);
            expect(client.status, `stream ${i + 1} of ${CAP}`).to.equal(200);
          }
          const refused = await SseClient.open(url);
          clients.push(refused);
          expect(refused.status).to.equal(429);
        });

        it('gives back the place and subscription of a client that left while its guard awaited', async function () {
          this.timeout(30_000);
          outlastClient = true;
          const url = `${served!.url}/feed`;
          const requests = Array.from({ length: CAP }, () => {
            const req = request(url, { headers: { accept: 'text/event-stream' } });
            req.on('error', () => {});
            req.end();
            return req;
          });
          await waitUntil(() => guardCalls.entered === CAP, 'guards entered');
          for (const req of requests) req.destroy();
          await waitUntil(() => guardCalls.settled === CAP, 'guards settled');
          await waitUntil(() => broadcaster.held === 0, 'subscriptions released');
          outlastClient = false;
          const client = await SseClient.open(url);
          clients.push(client);
          expect(client.status).to.equal(200);
        });

        it('ends the streams whose guards were still running when the application closed', async function () {
          this.timeout(30_000);
          const slow = backendCall;
          let release!: () => void;
          const gate = new Promise<void>((resolve) => (release = resolve));
          backendCall = async () => {
            await gate;
            return slow();
          };
          const url = `${served!.url}/feed`;
          const opening = Array.from({ length: CAP }, () => SseClient.open(url));
          await waitUntil(() => guardCalls.entered === CAP, 'guards entered');
          const closing = served!.close();
          served = undefined;
          release();
          const opened = await Promise.all(opening);
          clients.push(...opened);
          await closing;
          await Promise.all(opened.map((client) => client.ended));
          expect(broadcaster.held).to.equal(0);
        });
      });
    }
  });
});
