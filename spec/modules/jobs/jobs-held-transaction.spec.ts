import { expect } from 'chai';
import type { Application } from '../../../src/app/application';
import { Jobs } from '../../../src/jobs';
import { beginTestTransaction, drainJobs } from '../../../testing';
import { forEachDatabase } from '../../support/databases';
import { jobsApp, runs, storedJobs } from './support/job-fixtures';

describe('jobs under a test transaction rolled back after the test', function () {
  this.timeout(30_000);
  let app: Application | undefined;
  beforeEach(() => {
    runs.length = 0;
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  forEachDatabase((database) => {
    it('drainJobs runs a job enqueued inside the held transaction, and the rollback leaves no job behind', async () => {
      app = jobsApp(await database.url());
      const rollback = await beginTestTransaction(app);
      const jobs = app.container.get<Jobs>(Jobs);
      const { id } = await jobs.enqueue('record', { n: 7 });
      await drainJobs(app);
      expect(runs).to.deep.equal([{ name: 'record', payload: { n: 7 }, attempt: 1, id }]);
      await jobs.enqueue('record', { n: 8 }, { delayMs: 60_000 });
      expect(await storedJobs(app, database)).to.equal(1);
      await rollback();
      expect(await storedJobs(app, database)).to.equal(0);
    });
  });
});
