import { expect } from 'chai';
import { Jobs } from '../../../index';
import type { Application } from '../../../src/app/application';
import { capturingLogger } from '../../support/capturing-logger';
import { forEachDatabase } from '../../support/databases';
import { until } from '../../support/until';
import { hangingApp, hangingRuns, quickDone, releaseStubborn } from './support/hanging-jobs';
import { makeDue } from './support/job-fixtures';

describe('jobs module: timeoutMs', function () {
  this.timeout(30_000);
  const apps: Application[] = [];
  const started = (app: Application) => {
    apps.push(app);
    return app;
  };
  beforeEach(() => {
    hangingRuns.length = 0;
    quickDone.length = 0;
  });
  afterEach(async () => {
    releaseStubborn();
    for (const app of apps.splice(0)) await app.close();
  });

  forEachDatabase((database) => {
    it('aborts a run past its Job() timeoutMs through its signal: a failed attempt, retried, logged and counted', async () => {
      const { logger, lines } = capturingLogger();
      const app = started(hangingApp(await database.url(), { metrics: true, logger }));
      await app.start();
      const jobs = app.container.get<Jobs>(Jobs);
      const enqueuedAt = Date.now();
      const { id } = await jobs.enqueue('slow', {});
      const retried = async () => {
        const info = await jobs.get(id);
        return info?.state === 'waiting' && info.attempts === 1;
      };
      await until(retried, 'the timed-out run to be recorded');

      const [run] = hangingRuns;
      expect(run).to.include({ name: 'slow', attempt: 1 });
      expect(run!.reason).to.be.instanceOf(Error).and.to.include({ code: 'TRELLIS_ERR_JOB_TIMEOUT' });
      const info = await jobs.get(id);
      expect(info).to.include({ state: 'waiting', attempts: 1 });
      expect(info!.lastError).to.equal("The job 'slow' ran past its timeout of 200 ms and was aborted");
      // Retried after e^1 seconds, graphile-worker's schedule: counted from the enqueue, not from
      // whenever this line runs, so a slow machine cannot make the retry look due already.
      expect(info!.runAt.getTime()).to.be.greaterThan(enqueuedAt + 2000);
      const warned = lines.find((line) => line.msg === 'job timed out: it will be retried');
      expect(warned).to.include({ level: 40, jobId: id, job: 'slow', attempt: 1 });
      expect(await app.metrics!.text()).to.match(
        /trellis_jobs_run_seconds_count\{job="slow",outcome="timeout"\} 1/,
      );

      await makeDue(app, database, id);
      await until(async () => (await jobs.get(id))?.state === 'failed', 'the second run to time out');
      expect(hangingRuns.map((each) => each.attempt)).to.deep.equal([1, 2]);
      expect(lines.find((line) => line.msg === 'job timed out: no attempts left')).to.include({
        jobId: id,
        attempt: 2,
      });
    });

    it("bounds a job that names no timeout by the module's timeoutMs; a Job()'s own overrides it", async () => {
      const app = started(hangingApp(await database.url(), { timeoutMs: 200 }));
      await app.start();
      const jobs = app.container.get<Jobs>(Jobs);
      const bounded = await jobs.enqueue('bounded', {});
      const patient = await jobs.enqueue('patient', {});
      await until(async () => (await jobs.get(patient.id)) === null, "'patient' to finish");
      await until(async () => (await jobs.get(bounded.id))?.lastError !== undefined, "'bounded' to time out");
      const byName = Object.fromEntries(hangingRuns.map((run) => [run.name, run]));
      expect(byName.patient!.reason).to.equal(undefined);
      expect(byName.bounded!.reason).to.include({ code: 'TRELLIS_ERR_JOB_TIMEOUT' });
      expect((await jobs.get(bounded.id))!.lastError).to.contain('timeout of 200 ms');
    });

    it('frees the slot of a run that ignores its signal, and runs that job no more while the run goes on', async () => {
      const app = started(hangingApp(await database.url(), { concurrency: 1 }));
      await app.start();
      const jobs = app.container.get<Jobs>(Jobs);
      const { id } = await jobs.enqueue('stubborn', {});
      await until(() => hangingRuns.length === 1, "'stubborn' to start");
      await jobs.enqueue('quick', { n: 1 });
      // The one slot is free again at the timeout, though the handler has not returned.
      await until(() => quickDone.length === 1, "'quick' to run in the slot 'stubborn' held");
      expect(hangingRuns[0]!.reason).to.include({ code: 'TRELLIS_ERR_JOB_TIMEOUT' });
      expect(await jobs.get(id)).to.include({ state: 'waiting', attempts: 1 });

      await makeDue(app, database, id);
      await until(async () => (await jobs.get(id))?.state === 'failed', 'the second attempt to fail');
      expect(hangingRuns, 'the handler is not called while its first run goes on').to.have.length(1);
      expect((await jobs.get(id))!.lastError).to.equal(
        "The job 'stubborn' was not run: its attempt 1 still runs past its timeout of 200 ms, its handler ignoring JobContext.signal",
      );
    });
  });
});
