import { expect } from 'chai';
import { type Kysely, sql } from 'kysely';
import pino from 'pino';
import { z } from 'zod';
import {
  Cron,
  createApp,
  Database,
  describeJobs,
  Injectable,
  Job,
  type JobContext,
  Jobs,
} from '../../../index';
import type { Application } from '../../../src/app/application';
import { drainJobs } from '../../../testing';
import { forEachDatabase, type SpecDatabase } from '../../support/databases';

const MINUTE = 60_000;

// A schedule whose one tick of the day was five minutes ago: missed, and within the backfill hour.
function missedSchedule(runs: JobContext[]) {
  const tick = new Date(Math.floor((Date.now() - 5 * MINUTE) / MINUTE) * MINUTE);
  @Injectable()
  class Nightly {
    @Cron(`${tick.getUTCMinutes()} ${tick.getUTCHours()} * * *`, { name: 'nightly' })
    run(job: JobContext) {
      runs.push(job);
    }
  }
  return Nightly;
}

function scheduleApp(url: string, handler: Function, worker = true): Application {
  return createApp({ logger: pino({ level: 'silent' }) })
    .install('database', { url })
    .install('jobs', { handlers: [handler as never], worker, pollIntervalMs: 50 });
}

// Says the schedule has been known for half an hour, as if every instance was down at its tick.
async function knownSinceHalfAnHour(app: Application, database: SpecDatabase): Promise<void> {
  const db = app.container.get<Kysely<any>>(Database);
  if (database.name === 'sqlite')
    await sql`INSERT INTO trellis_job_schedules (name, known_since) VALUES ('nightly', ${Date.now() - 30 * MINUTE})`.execute(
      db,
    );
  else
    await sql`INSERT INTO graphile_worker._private_known_crontabs (identifier, known_since)
      VALUES ('nightly', now() - interval '30 minutes')`.execute(db);
}

// A job class beside the schedule: a due run of it is work that describing an app must not start.
function noteJobs(runs: JobContext[]) {
  @Injectable()
  class Notes {
    @Job('note', z.object({ text: z.string() }))
    note(_payload: { text: string }, job: JobContext) {
      runs.push(job);
    }
  }
  return Notes;
}

describe('jobs module: schedules', function () {
  this.timeout(30_000);

  forEachDatabase((database) => {
    it('inspect() with a due job, a missed tick and a pending migration runs no job, claims no tick, migrates nothing', async () => {
      const runs: JobContext[] = [];
      const [Nightly, Notes] = [missedSchedule(runs), noteJobs(runs)];
      const url = await database.url();
      const appWith = (worker: boolean) =>
        createApp({ logger: pino({ level: 'silent' }) })
          .install('database', { url })
          .install('jobs', { handlers: [Nightly, Notes] as never[], worker, pollIntervalMs: 50 });
      const setup = appWith(false);
      await setup.start();
      await knownSinceHalfAnHour(setup, database);
      await setup.container.get<Jobs>(Jobs).enqueue('note', { text: 'due' });
      await setup.close();

      const described = createApp({ logger: pino({ level: 'silent' }) })
        .install('database', {
          url,
          migrations: {
            '0001_pending': {
              up: (db) => db.schema.createTable('pending').addColumn('id', 'integer').execute(),
            },
          },
        })
        .install('jobs', { handlers: [Nightly, Notes] as never[], pollIntervalMs: 10 });
      const description = await described.inspect();
      await described.close();
      expect(description.error).to.equal(undefined);
      expect((description.jobs as { name: string }[]).map((job) => job.name).sort()).to.deep.equal([
        'nightly',
        'note',
      ]);
      expect(runs).to.deep.equal([]);

      const after = appWith(true);
      try {
        const tables = await after.container.get<Kysely<any>>(Database).introspection.getTables();
        expect(tables.map((table) => table.name)).to.not.include('pending');
        // Both were still waiting: the first app that serves runs each once.
        await after.start();
        await drainJobs(after);
        expect(runs.map((job) => job.name).sort()).to.deep.equal(['nightly', 'note']);
      } finally {
        await after.close();
      }
    });

    it('runs a tick missed while every instance was down once, though two instances start together', async () => {
      const runs: JobContext[] = [];
      const Nightly = missedSchedule(runs);
      const url = await database.url();
      const setup = scheduleApp(url, Nightly, false);
      await setup.start();
      await knownSinceHalfAnHour(setup, database);
      await setup.close();

      const [a, b] = [scheduleApp(url, Nightly), scheduleApp(url, Nightly)];
      try {
        await Promise.all([a.start(), b.start()]);
        // Each start() claimed its missed ticks before it resolved: draining both finds every run.
        await drainJobs(a);
        await drainJobs(b);
        expect(runs.map((job) => [job.name, job.attempt])).to.deep.equal([['nightly', 1]]);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });

    it('describes its compiled jobs and schedules for tools, once ready', async () => {
      const Nightly = missedSchedule([]);
      const app = scheduleApp(await database.url(), Nightly, false);
      expect(describeJobs(app)).to.deep.equal([]);
      await app.start();
      const [schedule] = describeJobs(app);
      expect(schedule).to.deep.include({
        name: 'nightly',
        kind: 'schedule',
        handler: 'Nightly.run',
        maxAttempts: 5,
      });
      expect(schedule!.cron).to.match(/^\d+ \d+ \* \* \*$/);
      await app.close();
    });

    it('refuses at ready() an expression that is not five fields, naming the method', async () => {
      @Injectable()
      class EverySecond {
        @Cron('* * * * * *')
        run() {}
      }
      const app = scheduleApp(await database.url(), EverySecond);
      const err = await app.ready().catch((caught) => caught);
      expect(err.code).to.equal('TRELLIS_ERR_INVALID_CRON');
      expect(err.message).to.contain('EverySecond.run');
      await app.close();
    });
  });
});
