import { expect } from 'chai';
import pino from 'pino';
import { z } from 'zod';
import { createApp, Injectable, Job, Jobs } from '../../../index';
import type { Application } from '../../../src/app/application';
import { drainJobs } from '../../../testing';
import { forEachDatabase } from '../../support/databases';
import { jobsApp, storedJobs } from './support/job-fixtures';

/** The payloads the dated jobs were given, in order. */
const received: unknown[] = [];

@Injectable()
class DatedJobs {
  // A schema that wants a Date: a payload that is stored as JSON never holds one.
  @Job('dated', z.object({ at: z.date() }))
  dated(payload: { at: Date }) {
    received.push(payload);
  }

  // The way to write it: a Date in, an ISO string stored, a Date again when it runs.
  @Job('coerced', z.object({ at: z.coerce.date() }))
  coerced(payload: { at: Date }) {
    received.push(payload);
  }

  @Job('counted', z.object({ n: z.bigint() }))
  counted() {}

  @Job('named', z.object({ name: z.string() }))
  named() {}
}

// The same job name in two versions of an application: the old one stored strings, the new
// one's schema wants a number.
@Injectable()
class OldVersionJobs {
  @Job('versioned', z.object({ at: z.string() }))
  run() {}
}

@Injectable()
class NewVersionJobs {
  @Job('versioned', z.object({ at: z.number() }))
  run() {}
}

function appOf(url: string, handler: Function, worker = true): Application {
  return createApp({ logger: pino({ level: 'silent' }) })
    .install('database', { url })
    .install('jobs', { handlers: [handler as never], worker, pollIntervalMs: 50 });
}

const LAST_STORABLE = new Date('9999-12-31T23:59:59.999Z');

describe('jobs module: what enqueue accepts is what is stored and what a run accepts', function () {
  this.timeout(30_000);
  const apps: Application[] = [];
  const started = (app: Application) => {
    apps.push(app);
    return app;
  };
  beforeEach(() => {
    received.length = 0;
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  forEachDatabase((database) => {
    it('refuses a Date under a schema that wants a Date (stored as a string), naming the field', async () => {
      const app = started(appOf(await database.url(), DatedJobs, false));
      await app.start();
      const err = await app.container
        .get<Jobs>(Jobs)
        .enqueue('dated', { at: new Date() })
        .catch((caught) => caught);
      expect(err).to.be.instanceOf(TypeError);
      expect(err.code).to.equal('TRELLIS_ERR_INVALID_JOB_PAYLOAD');
      expect(err.details).to.have.length(1);
      expect(err.details[0].path).to.equal('payload.at');
      expect(err.details[0].message).to.match(/stored as JSON/);
      expect(err.message).to.contain('payload.at');
      expect(await storedJobs(app, database)).to.equal(0);
    });

    it('runs a Date through z.coerce.date(): stored as an ISO string, a Date again in the run', async () => {
      const app = started(appOf(await database.url(), DatedJobs));
      await app.start();
      const at = new Date('2030-05-06T07:08:09.010Z');
      await app.container.get<Jobs>(Jobs).enqueue('coerced', { at });
      await drainJobs(app);
      expect(received).to.have.length(1);
      expect((received[0] as { at: Date }).at).to.be.instanceOf(Date);
      expect((received[0] as { at: Date }).at.getTime()).to.equal(at.getTime());
    });

    it('refuses a BigInt or a circular payload with the coded TypeError and the field, storing nothing', async () => {
      const app = started(appOf(await database.url(), DatedJobs, false));
      await app.start();
      const jobs = app.container.get<Jobs>(Jobs);
      const bigint = await jobs.enqueue('counted', { n: 10n }).catch((caught) => caught);
      expect(bigint).to.be.instanceOf(TypeError);
      expect(bigint.code).to.equal('TRELLIS_ERR_INVALID_JOB_PAYLOAD');
      expect(bigint.details.map((detail: { path: string }) => detail.path)).to.deep.equal(['payload.n']);
      const circular: { name: string; self?: unknown } = { name: 'loop' };
      circular.self = { back: circular };
      const looped = await jobs.enqueue('named', circular).catch((caught) => caught);
      expect(looped).to.be.instanceOf(TypeError);
      expect(looped.code).to.equal('TRELLIS_ERR_INVALID_JOB_PAYLOAD');
      expect(looped.details.map((detail: { path: string }) => detail.path)).to.deep.equal([
        'payload.self.back',
      ]);
      expect(await storedJobs(app, database)).to.equal(0);
    });

    it('names the field in lastError when a run refuses its stored payload', async () => {
      const url = await database.url();
      const old = started(appOf(url, OldVersionJobs, false));
      await old.start();
      const { id } = await old.container
        .get<Jobs>(Jobs)
        .enqueue('versioned', { at: 'noon' }, { maxAttempts: 1 });
      const current = started(appOf(url, NewVersionJobs));
      await current.start();
      await drainJobs(current);
      const failed = await current.container.get<Jobs>(Jobs).get(id);
      expect(failed?.state).to.equal('failed');
      expect(failed?.lastError).to.contain('payload.at');
    });

    it('takes a runAt up to 9999-12-31T23:59:59.999Z and refuses a later one, or a delay past it, with a coded TypeError', async () => {
      const app = started(jobsApp(await database.url(), { worker: false }));
      await app.start();
      const jobs = app.container.get<Jobs>(Jobs);
      const { id } = await jobs.enqueue('record', { n: 1 }, { runAt: LAST_STORABLE });
      expect((await jobs.get(id))!.runAt.getTime()).to.equal(LAST_STORABLE.getTime());
      for (const options of [
        { runAt: new Date(LAST_STORABLE.getTime() + 1) },
        { runAt: new Date(8.64e15) },
        { runAt: new Date('0000-12-31T23:59:59.999Z') },
        { delayMs: 1e300 },
        { delayMs: LAST_STORABLE.getTime() },
      ]) {
        const err = await jobs.enqueue('record', { n: 1 }, options).catch((caught) => caught);
        expect(err, JSON.stringify(options)).to.be.instanceOf(TypeError);
        expect(err.code).to.equal('TRELLIS_ERR_INVALID_ENQUEUE_OPTIONS');
        expect(err.message).to.contain('9999-12-31T23:59:59.999Z');
      }
      expect(await storedJobs(app, database)).to.equal(1);
    });
  });
});
