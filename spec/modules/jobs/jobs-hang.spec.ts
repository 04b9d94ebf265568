import { expect } from 'chai';
import { Jobs } from '../../../index';
import type { Application } from '../../../src/app/application';
import { forEachDatabase } from '../../support/databases';
import { until } from '../../support/until';
import { hangingApp, hangingRuns, quickDone } from './support/hanging-jobs';

// The claim bound of these specs: a claim not renewed for a second is taken for dead.
const LOCK_MS = 1000;

describe('jobs module: a job that hangs', function () {
  this.timeout(60_000);
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
    for (const app of apps.splice(0)) await app.close();
  });

  forEachDatabase((database) => {
    it('keeps its slot, is never claimed again by its live worker, and the other slot keeps running', async () => {
      const app = started(hangingApp(await database.url(), { concurrency: 2, lockTimeoutMs: LOCK_MS }));
      await app.start();
      const jobs = app.container.get<Jobs>(Jobs);
      const { id } = await jobs.enqueue('hang', {});
      await until(() => hangingRuns.length === 1, "the 'hang' job to start");

      // Quick jobs one after another for three claim bounds: each must finish while 'hang' hangs.
      const since = Date.now();
      let n = 0;
      while (Date.now() - since < 3 * LOCK_MS) {
        await jobs.enqueue('quick', { n });
        const done = n;
        await until(() => quickDone.includes(done), `quick job ${done} to run beside the hung one`, 5000);
        n++;
      }
      expect(quickDone).to.have.length(n);
      expect(hangingRuns.map((run) => `${run.name} ${run.id} ${run.attempt}`)).to.deep.equal([
        `hang ${id} 1`,
      ]);
      expect(await jobs.get(id)).to.include({ state: 'running', attempts: 1 });
    });

    it('is not claimed by a second instance past the claim bound: its worker renews the claim', async () => {
      const url = await database.url();
      const first = started(hangingApp(url, { lockTimeoutMs: LOCK_MS }));
      await first.start();
      const { id } = await first.container.get<Jobs>(Jobs).enqueue('hang', {});
      await until(() => hangingRuns.length === 1, "the 'hang' job to start in the first instance");

      const second = started(hangingApp(url, { lockTimeoutMs: LOCK_MS }));
      await second.start();
      const jobs = second.container.get<Jobs>(Jobs);
      // Three claim bounds in which neither instance may take the job again.
      const since = Date.now();
      while (Date.now() - since < 3 * LOCK_MS) {
        expect(hangingRuns, 'runs of the hung job').to.have.length(1);
        expect(await jobs.get(id)).to.include({ state: 'running', attempts: 1 });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(hangingRuns).to.have.length(1);
    });
  });
});
