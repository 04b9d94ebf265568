import { expect } from 'chai';
import { z } from 'zod';
import { Depends, Inject, Injectable } from '../../../index';
import { Transactional } from '../../../modules/database';
import type { Application } from '../../../src/app/application';
import { Job, type JobContext, Jobs } from '../../../src/jobs';
import { drainJobs } from '../../../testing';
import { forEachDatabase } from '../../support/databases';
import { behaviour, jobsApp, makeDue, runs, SpecJobs, storedJobs } from './support/job-fixtures';

const E = Math.E * 1000;

@Injectable('request')
class RunScoped {
  static made = 0;
  readonly serial = ++RunScoped.made;
}

@Injectable()
class ScopedJobs {
  static seen: number[] = [];
  @Job('scoped', z.object({}))
  run(
    _payload: object,
    _job: JobContext,
    @Depends(RunScoped) first?: RunScoped,
    @Depends(RunScoped) second?: RunScoped,
  ) {
    ScopedJobs.seen.push(first!.serial, second!.serial);
  }
}

@Injectable()
class Signup {
  constructor(@Inject(Jobs) private readonly jobs: Jobs) {}

  @Transactional()
  async register(n: number, fail: boolean): Promise<void> {
    await this.jobs.enqueue('record', { n });
    if (fail) throw new Error('the registration failed after enqueueing');
  }
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('jobs module', function () {
  this.timeout(30_000);
  const apps: Application[] = [];
  const started = (app: Application) => {
    apps.push(app);
    return app;
  };
  beforeEach(() => {
    runs.length = 0;
    behaviour.failures = 0;
    behaviour.hold = undefined;
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  forEachDatabase((database) => {
    it('runs an enqueued job with its payload once, then forgets it', async () => {
      const app = started(jobsApp(await database.url()));
      await app.start();
      const jobs = app.container.get<Jobs>(Jobs);
      const { id } = await jobs.enqueue('record', { n: 1 });
      await drainJobs(app);
      expect(runs).to.deep.equal([{ name: 'record', payload: { n: 1 }, attempt: 1, id }]);
      expect(await jobs.get(id)).to.equal(null);
    });

    it('refuses a payload its schema refuses with a coded TypeError, storing nothing', async () => {
      const app = started(jobsApp(await database.url(), { worker: false }));
      await app.start();
      const jobs = app.container.get<Jobs>(Jobs);
      const err = await jobs.enqueue('record', { n: 'one' } as never).catch((caught) => caught);
      expect(err).to.be.instanceOf(TypeError);
      expect(err.code).to.equal('TRELLIS_ERR_INVALID_JOB_PAYLOAD');
      expect(err.details[0].path).to.equal('payload.n');
      expect(await storedJobs(app, database)).to.equal(0);
    });

    it('refuses an unknown job name with a coded error naming the known ones, storing nothing', async () => {
      const app = started(jobsApp(await database.url(), { worker: false }));
      await app.start();
      const err = await app.container
        .get<Jobs>(Jobs)
        .enqueue('nobody', {})
        .catch((caught) => caught);
      expect(err.code).to.equal('TRELLIS_ERR_UNKNOWN_JOB');
      expect(err.message).to.contain("'record'");
      expect(await storedJobs(app, database)).to.equal(0);
    });

    it('refuses options it cannot take with a coded TypeError, storing nothing', async () => {
      const app = started(jobsApp(await database.url(), { worker: false }));
      await app.start();
      const jobs = app.container.get<Jobs>(Jobs);
      for (const options of [
        { runAt: new Date('never') },
        { delayMs: -1 },
        { key: '' },
        { maxAttempts: 0 },
        { maxAttempts: 1.5 },
      ]) {
        const err = await jobs.enqueue('record', { n: 1 }, options).catch((caught) => caught);
        expect(err, JSON.stringify(options)).to.be.instanceOf(TypeError);
        expect(err.code).to.equal('TRELLIS_ERR_INVALID_ENQUEUE_OPTIONS');
      }
      expect(await storedJobs(app, database)).to.equal(0);
    });

    it('retries a failing job after e^attempt seconds, keeps it as failed with its error, and retry() queues it again', async () => {
      const app = started(jobsApp(await database.url()));
      await app.start();
      const jobs = app.container.get<Jobs>(Jobs);
      behaviour.failures = 2;
      const before = Date.now();
      const { id } = await jobs.enqueue('flaky', { n: 1 });
      await drainJobs(app);
      const waiting = (await jobs.get(id))!;
      expect(waiting).to.include({ state: 'waiting', attempts: 1, lastError: 'flaky failed on attempt 1' });
      expect(waiting.runAt.getTime()).to.be.within(before + E - 1000, Date.now() + E + 1000);
      await makeDue(app, database, id);
      await drainJobs(app);
      const failed = (await jobs.get(id))!;
      expect(failed).to.include({
        state: 'failed',
        attempts: 2,
        maxAttempts: 2,
        lastError: 'flaky failed on attempt 2',
      });
      expect((await jobs.failed()).map((job) => job.id)).to.deep.equal([id]);
      expect(await jobs.retry(id)).to.equal(true);
      await drainJobs(app);
      expect(await jobs.get(id)).to.equal(null);
      expect(runs.map((run) => run.attempt)).to.deep.equal([1, 2, 1]);
      expect(await jobs.retry(id)).to.equal(false);
    });

    it('keeps one waiting job per key: enqueueing the key again updates that job', async () => {
      const app = started(jobsApp(await database.url(), { worker: false }));
      await app.start();
      const jobs = app.container.get<Jobs>(Jobs);
      const first = await jobs.enqueue('record', { n: 1 }, { key: 'digest:ada' });
      const second = await jobs.enqueue('record', { n: 2 }, { key: 'digest:ada' });
      await jobs.enqueue('record', { n: 3 }, { key: 'digest:bob' });
      expect(second.id).to.equal(first.id);
      expect((await jobs.get(first.id))!.payload).to.deep.equal({ n: 2 });
      expect(await storedJobs(app, database)).to.equal(2);
    });

    it('holds a job with runAt or delayMs until its time', async () => {
      const app = started(jobsApp(await database.url()));
      await app.start();
      const jobs = app.container.get<Jobs>(Jobs);
      const later = new Date(Date.now() + 3_600_000);
      const atTime = await jobs.enqueue('record', { n: 1 }, { runAt: later });
      const delayed = await jobs.enqueue('record', { n: 2 }, { delayMs: 60_000 });
      await drainJobs(app);
      expect(runs).to.deep.equal([]);
      expect((await jobs.get(atTime.id))!.runAt.getTime()).to.equal(later.getTime());
      expect((await jobs.get(delayed.id))!.state).to.equal('waiting');
      await makeDue(app, database, delayed.id);
      await drainJobs(app);
      expect(runs.map((run) => run.payload)).to.deep.equal([{ n: 2 }]);
    });

    it('stores a job enqueued in Transactional() with the commit and drops it with the rollback', async () => {
      const app = started(jobsApp(await database.url(), { worker: false }).register(Signup));
      await app.start();
      const signup = app.container.get(Signup);
      await signup.register(1, false);
      await signup.register(2, true).catch(() => {});
      expect(await storedJobs(app, database)).to.equal(1);
      const failed = await app.container.get<Jobs>(Jobs).failed();
      expect(failed).to.deep.equal([]);
    });

    it('close() stops taking jobs and waits for the running one to finish', async () => {
      const url = await database.url();
      const app = jobsApp(url);
      await app.start();
      let release!: () => void;
      behaviour.hold = new Promise((resolve) => {
        release = resolve;
      });
      await app.container.get<Jobs>(Jobs).enqueue('held', {});
      await until(() => runs.length === 1, 'the held job to start');
      let closed = false;
      const closing = app.close().then(() => {
        closed = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(closed).to.equal(false);
      release();
      await closing;
      const after = started(jobsApp(url, { worker: false }));
      await after.start();
      expect(await storedJobs(after, database)).to.equal(0);
    });

    it('resolves a request-scoped dependency once per run, in a scope of its own', async () => {
      // The runs of this database only: the list is the class's, shared by every database's run.
      ScopedJobs.seen = [];
      const app = started(
        jobsApp(await database.url(), { handlers: [SpecJobs, ScopedJobs] }).register(RunScoped),
      );
      await app.start();
      const jobs = app.container.get<Jobs>(Jobs);
      await jobs.enqueue('scoped', {});
      await jobs.enqueue('scoped', {});
      await drainJobs(app);
      expect(ScopedJobs.seen).to.have.length(4);
      const [a, b, c, d] = ScopedJobs.seen;
      expect(a).to.equal(b);
      expect(c).to.equal(d);
      expect(a).to.not.equal(c);
    });

    it('drainJobs() rejects when jobs are still due after its timeout', async () => {
      const app = started(jobsApp(await database.url(), { worker: false }));
      await app.start();
      await app.container.get<Jobs>(Jobs).enqueue('record', { n: 1 });
      const err = await drainJobs(app, { timeoutMs: 100 }).catch((caught) => caught);
      expect(err.message).to.match(/1 job\(s\) still due or running/);
    });

    it('runs the class app.override() puts in place of a job class', async () => {
      @Injectable()
      class FakeJobs extends SpecJobs {
        override record(payload: { n: number }, job: JobContext) {
          runs.push({ name: 'fake', payload, attempt: job.attempt, id: job.id });
        }
      }
      const app = started(jobsApp(await database.url()).override(SpecJobs, FakeJobs));
      await app.start();
      await app.container.get<Jobs>(Jobs).enqueue('record', { n: 7 });
      await drainJobs(app);
      expect(runs.map((run) => run.name)).to.deep.equal(['fake']);
    });
  });
});
