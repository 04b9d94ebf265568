import { expect } from 'chai';
import sinon from 'sinon';
import { Jobs } from '../../../index';
import type { Application } from '../../../src/app/application';
import { drainJobs } from '../../../testing';
import { forEachDatabase, type SpecDatabase } from '../../support/databases';
import { holdClaimUntilStop } from './support/held-claim';
import { jobsApp, runs } from './support/job-fixtures';

describe('jobs module: stopping while a claim is in flight', function () {
  this.timeout(30_000);
  beforeEach(() => {
    runs.length = 0;
  });
  afterEach(() => sinon.restore());

  async function withApp<T>(app: Application, use: (jobs: Jobs) => Promise<T>): Promise<T> {
    try {
      await app.ready();
      return await use(app.container.get<Jobs>(Jobs));
    } finally {
      await app.close();
    }
  }

  // Enqueues a `record` job, starts a worker whose claim of it is held until close() begins,
  // and closes that worker; the job's id.
  async function closedWhileClaiming(database: SpecDatabase, url: string): Promise<string> {
    const { id } = await withApp(jobsApp(url, { worker: false }), (jobs) => jobs.enqueue('record', { n: 1 }));
    const held = holdClaimUntilStop(database);
    const worker = jobsApp(url);
    await worker.start();
    await held.claimed;
    await worker.close();
    sinon.restore();
    return id;
  }

  forEachDatabase((database) => {
    if (database.name === 'sqlite')
      it('gives the claimed job back to waiting instead of starting it; it runs once after a restart', async () => {
        const url = await database.url();
        const id = await closedWhileClaiming(database, url);
        expect(runs, 'runs begun by the closed worker').to.deep.equal([]);
        const stored = await withApp(jobsApp(url, { worker: false }), (jobs) => jobs.get(id));
        expect(stored).to.include({ state: 'waiting', attempts: 0 });

        const restarted = jobsApp(url);
        try {
          await drainJobs(restarted);
          expect(runs.map((run) => [run.id, run.attempt])).to.deep.equal([[id, 1]]);
        } finally {
          await restarted.close();
        }
      });
    // graphile-worker does not give a claimed job back: its worker runs it, and close() waits.
    else
      it('runs the claimed job to its end before close() resolves', async () => {
        const url = await database.url();
        const id = await closedWhileClaiming(database, url);
        expect(runs.map((run) => [run.id, run.attempt])).to.deep.equal([[id, 1]]);
        expect(await withApp(jobsApp(url, { worker: false }), (jobs) => jobs.get(id))).to.equal(null);
      });
  });
});
