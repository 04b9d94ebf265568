import { expect } from 'chai';
import { type Kysely, sql } from 'kysely';
import pino from 'pino';
import { z } from 'zod';
import { createApp, Database, Injectable, Job, Jobs } from '../../../index';
import type { Application } from '../../../src/app/application';
import { drainJobs } from '../../../testing';
import { forEachDatabase } from '../../support/databases';

/** The tags of the ranked jobs, in the order they ran. */
const order: string[] = [];

@Injectable()
class RankedJobs {
  @Job('ranked', z.object({ tag: z.string() }))
  run(payload: { tag: string }) {
    order.push(payload.tag);
  }
}

// One job at a time, so that the order of the runs is the order the jobs were taken in.
function rankedApp(url: string, worker: boolean): Application {
  return createApp({ logger: pino({ level: 'silent' }) })
    .install('database', { url })
    .install('jobs', { handlers: [RankedJobs], worker, concurrency: 1, pollIntervalMs: 50 });
}

describe('jobs module: priority', function () {
  this.timeout(30_000);
  beforeEach(() => {
    order.length = 0;
  });

  forEachDatabase((database) => {
    it('runs the due jobs lowest priority first (default 0), then oldest first', async () => {
      const url = await database.url();
      const web = rankedApp(url, false);
      await web.start();
      const jobs = web.container.get<Jobs>(Jobs);
      const base = Date.now() - 60_000;
      const enqueued = [
        { tag: 'late', priority: 5 },
        { tag: 'plain' },
        { tag: 'urgent', priority: -1 },
        { tag: 'late-too', priority: 5 },
        { tag: 'plain-too', priority: 0 },
      ];
      for (const [i, { tag, priority }] of enqueued.entries())
        await jobs.enqueue('ranked', { tag }, { priority, runAt: new Date(base + i * 1000) });
      const { id } = await jobs.enqueue('ranked', { tag: 'x' }, { priority: 7, delayMs: 60_000 });
      expect((await jobs.get(id))?.priority).to.equal(7);
      await jobs.cancel(id);
      await web.close();

      const worker = rankedApp(url, true);
      try {
        await drainJobs(worker);
        expect(order).to.deep.equal(['urgent', 'plain', 'plain-too', 'late', 'late-too']);
      } finally {
        await worker.close();
      }
    });

    it('refuses a priority that is not an integer from -32768 to 32767 with a coded TypeError', async () => {
      const app = rankedApp(await database.url(), false);
      try {
        await app.start();
        const jobs = app.container.get<Jobs>(Jobs);
        for (const priority of [1.5, 32_768, -32_769, Number.NaN]) {
          const err = await jobs.enqueue('ranked', { tag: 'x' }, { priority }).catch((caught) => caught);
          expect(err, String(priority)).to.be.instanceOf(TypeError);
          expect(err.code).to.equal('TRELLIS_ERR_INVALID_ENQUEUE_OPTIONS');
        }
      } finally {
        await app.close();
      }
    });

    if (database.name === 'sqlite')
      it('adds the priority to a jobs table made by an earlier version, keeping its jobs', async () => {
        const url = await database.url();
        const earlier = createApp({ logger: pino({ level: 'silent' }) }).install('database', { url });
        await earlier.start();
        const db = earlier.container.get<Kysely<any>>(Database);
        // The table as the first version of the module made it.
        await sql`CREATE TABLE trellis_jobs (
          id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, payload TEXT NOT NULL,
          run_at INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, max_attempts INTEGER NOT NULL,
          last_error TEXT, key TEXT UNIQUE, locked_at INTEGER, locked_by TEXT, request_id TEXT,
          span_link TEXT)`.execute(db);
        await sql`CREATE INDEX trellis_jobs_due ON trellis_jobs (run_at, id) WHERE attempts < max_attempts`.execute(
          db,
        );
        await sql`INSERT INTO trellis_jobs (name, payload, run_at, max_attempts)
          VALUES ('ranked', '{"tag":"old"}', 0, 5)`.execute(db);
        await earlier.close();

        const web = rankedApp(url, false);
        await web.start();
        await web.container.get<Jobs>(Jobs).enqueue('ranked', { tag: 'urgent' }, { priority: -5 });
        await web.close();
        const worker = rankedApp(url, true);
        try {
          await drainJobs(worker);
          expect(order).to.deep.equal(['urgent', 'old']);
        } finally {
          await worker.close();
        }
      });
  });
});
