import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'chai';
import { Inject, Injectable, Jobs } from '../../../index';
import { Transactional } from '../../../modules/database';
import type { Application } from '../../../src/app/application';
import { drainJobs } from '../../../testing';
import { forEachDatabase } from '../../support/databases';
import { until } from '../../support/until';
import { behaviour } from './support/job-fixtures';
import { cancelApp, type LongRun, longRuns } from './support/long-jobs';

@Injectable()
class Cleanup {
  constructor(@Inject(Jobs) private readonly jobs: Jobs) {}

  @Transactional()
  async cancel(id: string, thenFail: boolean): Promise<boolean> {
    const found = await this.jobs.cancel(id);
    if (thenFail) throw new Error('the cleanup failed after cancelling');
    return found;
  }
}

function stop(child: ChildProcess): void {
  if (child.exitCode === null && child.connected) child.send('close');
  else if (child.exitCode === null) child.kill();
}

describe('jobs module: cancel', function () {
  this.timeout(30_000);
  const apps: Application[] = [];
  const started = (app: Application) => {
    apps.push(app);
    return app;
  };
  beforeEach(() => {
    longRuns.length = 0;
    behaviour.failures = 0;
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  forEachDatabase((database) => {
    it('removes a waiting job, answering true, and false for a job it does not find', async () => {
      const app = started(cancelApp(await database.url(), false, [Cleanup]));
      await app.start();
      const jobs = app.container.get<Jobs>(Jobs);
      const { id } = await jobs.enqueue('record', { n: 1 }, { delayMs: 60_000 });
      expect(await jobs.cancel(id)).to.equal(true);
      expect(await jobs.get(id)).to.equal(null);
      expect(await jobs.cancel(id)).to.equal(false);
      expect(await jobs.cancel('987654')).to.equal(false);
      expect(await jobs.cancel('no such id')).to.equal(false);
    });

    it('cancels inside Transactional() with the commit, and not at all with the rollback', async () => {
      const app = started(cancelApp(await database.url(), false, [Cleanup]));
      await app.start();
      const jobs = app.container.get<Jobs>(Jobs);
      const cleanup = app.container.get(Cleanup);
      const { id } = await jobs.enqueue('record', { n: 1 }, { delayMs: 60_000 });
      const err = await cleanup.cancel(id, true).catch((caught) => caught);
      expect(err.message).to.equal('the cleanup failed after cancelling');
      expect((await jobs.get(id))?.state).to.equal('waiting');
      expect(await cleanup.cancel(id, false)).to.equal(true);
      expect(await jobs.get(id)).to.equal(null);
    });

    it('removes a failed job', async () => {
      const app = started(cancelApp(await database.url()));
      await app.start();
      const jobs = app.container.get<Jobs>(Jobs);
      behaviour.failures = 1;
      const { id } = await jobs.enqueue('flaky', { n: 1 }, { maxAttempts: 1 });
      await drainJobs(app);
      expect((await jobs.get(id))?.state).to.equal('failed');
      expect(await jobs.cancel(id)).to.equal(true);
      expect(await jobs.failed()).to.deep.equal([]);
    });

    it('aborts a running job through its signal and does not retry it', async () => {
      const app = started(cancelApp(await database.url()));
      await app.start();
      const jobs = app.container.get<Jobs>(Jobs);
      const { id } = await jobs.enqueue('long', {});
      await until(() => longRuns.length === 1, 'the job to start');
      expect(await jobs.cancel(id)).to.equal(true);
      await until(() => longRuns[0]!.aborted, 'the run to be aborted');
      await drainJobs(app);
      expect(longRuns).to.deep.equal([{ id, attempt: 1, aborted: true }]);
      expect(await jobs.get(id)).to.equal(null);
      expect(await jobs.failed()).to.deep.equal([]);
    });

    it('aborts a job running in another process', async () => {
      const url = await database.url();
      const web = started(cancelApp(url, false));
      await web.start();
      const child = fork(join(__dirname, 'support', 'long-job-worker-child.js'), [url], { stdio: 'ignore' });
      const events: { started?: LongRun; aborted?: LongRun; ready?: true; error?: string }[] = [];
      child.on('message', (message) => events.push(message as (typeof events)[number]));
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        await until(() => events.some((event) => event.ready || event.error), 'the worker process to start');
        expect(events.find((event) => event.error)).to.equal(undefined);
        const jobs = web.container.get<Jobs>(Jobs);
        const { id } = await jobs.enqueue('long', {});
        await until(() => events.some((event) => event.started), 'the job to start in the worker process');
        expect(await jobs.cancel(id)).to.equal(true);
        await until(() => events.some((event) => event.aborted), 'the run to be aborted');
        // Deleted once the aborted run returned, not kept for a retry.
        await until(async () => (await jobs.get(id)) === null, 'the cancelled job to be deleted');
        expect(events.flatMap((event) => (event.started ? [event.started] : []))).to.deep.equal([
          { id, attempt: 1, aborted: false },
        ]);
      } finally {
        stop(child);
        await exited;
      }
    });
  });
});
