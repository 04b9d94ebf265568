import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { z } from 'zod';
import { Controller, createApp, Database, Get, Injectable, Job, type JobContext, Jobs } from '../../../index';
import { EventFeed } from '../../../src/event-feed/event-feed';
import { Sse } from '../../../src/sse/sse-decorators';
import { LocalBroadcaster } from '../../../src/websocket/local-broadcaster';
import { forEachEngine } from '../../support/engines';
import { serve } from '../../support/serve';
import { SseClient } from '../sse/support/sse-client';

const DELAY_MS = 100;
const TIMEOUT_MS = 1500;

let entered: () => void = () => {};
const jobStarted: { resolve: () => void } = { resolve: () => {} };
const feed = new EventFeed({ broadcaster: new LocalBroadcaster() });

@Controller('/stuck')
class StuckController {
  /** Never answers: only the drain's deadline ends it. */
  @Get()
  forever() {
    entered();
    return new Promise(() => {});
  }

  @Sse('/feed')
  events() {
    return feed.stream('close-deadline');
  }
}

@Injectable()
class StuckJobs {
  /** Never returns and ignores its signal: only the workers' deadline ends the wait for it. */
  @Job('stuck', z.object({}))
  stuck(_payload: object, _job: JobContext): Promise<void> {
    jobStarted.resolve();
    return new Promise(() => {});
  }
}

function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
  });
}

describe('app.close(): one deadline, every hook', function () {
  this.timeout(20_000);
  const folders: string[] = [];
  const sqliteUrl = () => {
    const folder = mkdtempSync(join(tmpdir(), 'trellis-close-'));
    folders.push(folder);
    return `sqlite:${join(folder, 'app.db')}`;
  };
  after(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  forEachEngine((engine) => {
    it('with a request, a stream and a job in flight, ends within delay + timeout + 1 s', async () => {
      const app = createApp({
        engine,
        logger: pino({ level: 'silent' }),
        controllers: [StuckController],
        shutdownDelayMs: DELAY_MS,
        shutdownTimeoutMs: TIMEOUT_MS,
      })
        .install('database', { url: sqliteUrl() })
        .install('jobs', { handlers: [StuckJobs], pollIntervalMs: 20 });
      const served = await serve(app);
      const running = new Promise<void>((resolve) => {
        jobStarted.resolve = resolve;
      });
      await app.container.get<Jobs>(Jobs).enqueue('stuck', {});
      await running;
      const stream = await SseClient.open(`${served.url}/stuck/feed`);
      const inRoute = new Promise<void>((resolve) => {
        entered = resolve;
      });
      const stuck = request(`${served.url}/stuck`);
      stuck.on('error', () => {});
      stuck.end();
      await inRoute;

      const started = Date.now();
      await app.close();
      const took = Date.now() - started;
      await stream.ended;
      // Before, the workers' grace and the HTTP drain ran one after the other: delay + 2 x timeout.
      expect(took).to.be.at.least(TIMEOUT_MS);
      expect(took).to.be.below(DELAY_MS + TIMEOUT_MS + 1000);
    });

    it('when hooks reject, still stops listening and runs every onClose hook, the database closed', async () => {
      const closed: string[] = [];
      const app = createApp({ engine, logger: pino({ level: 'silent' }), controllers: [StuckController] })
        .install('database', { url: sqliteUrl() })
        .onShutdown(() => Promise.reject(new Error('a shutdown hook failed')))
        .onClose(() => {
          closed.push('first');
        })
        .onClose(() => {
          throw new Error('a close hook failed');
        });
      const served = await serve(app);
      const port = Number(new URL(served.url).port);
      const db = app.container.get<Kysely<any>>(Database);

      await app.close();

      expect(await tryConnect(port)).to.equal('ECONNREFUSED');
      expect(closed).to.deep.equal(['first']);
      // The database module's own onClose ran: its connection is gone.
      const query = await db
        .selectNoFrom((eb) => eb.val(1).as('one'))
        .execute()
        .then(
          () => 'answered',
          (err: Error) => err.message,
        );
      expect(query).to.not.equal('answered');
    });
  });
});
