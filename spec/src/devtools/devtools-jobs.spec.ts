import { expect } from 'chai';
import pino from 'pino';
import request from 'supertest';
import { Jobs } from '../../../index';
import { createApp } from '../../../src/app/create-app';
import { behaviour, SpecJobs } from '../../modules/jobs/support/job-fixtures';
import { LongJobs, longRuns } from '../../modules/jobs/support/long-jobs';
import { forEachDatabase } from '../../support/databases';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { until } from '../../support/until';

interface QueueName {
  name: string;
  waiting: number;
  running: number;
  failed: number;
}
interface ListedJob {
  id: string;
  name: string;
  state: string;
  attempts: number;
  lastError?: string;
}

describe('the devtools page: jobs', function () {
  this.timeout(30_000);
  forEachDatabase((database) => {
    forEachEngine((engine) => {
      let served: Served;
      let jobs: Jobs;
      beforeEach(async () => {
        longRuns.length = 0;
        behaviour.failures = 0;
        const app = createApp({
          engine,
          devtools: true,
          logger: pino({ level: 'silent' }),
          shutdownTimeoutMs: 1000,
        })
          .install('database', { url: await database.url() })
          .install('jobs', { handlers: [SpecJobs, LongJobs], pollIntervalMs: 50 });
        served = await serve(app);
        jobs = app.container.get<Jobs>(Jobs);
      });
      afterEach(() => served.close());

      const queue = async () =>
        (await request(served.url).get('/_trellis.json?part=queue').expect(200)).body.queue as {
          names: QueueName[];
          jobs: ListedJob[];
        };

      it('lists the waiting, running and failed jobs per name at /_trellis.json?part=queue', async () => {
        const waiting = await jobs.enqueue('record', { n: 1 }, { delayMs: 60_000 });
        const running = await jobs.enqueue('long', {});
        behaviour.failures = 1;
        const failed = await jobs.enqueue('flaky', { n: 1 }, { maxAttempts: 1 });
        await until(async () => (await jobs.get(failed.id))?.state === 'failed', 'the flaky job to fail');
        await until(() => longRuns.length === 1, 'the long job to start');

        const { names, jobs: listed } = await queue();
        expect(names).to.deep.equal([
          { name: 'flaky', waiting: 0, running: 0, failed: 1 },
          { name: 'long', waiting: 0, running: 1, failed: 0 },
          { name: 'record', waiting: 1, running: 0, failed: 0 },
        ]);
        const byId = Object.fromEntries(listed.map((job) => [job.id, job]));
        expect(byId[waiting.id]).to.include({ name: 'record', state: 'waiting', attempts: 0 });
        expect(byId[running.id]).to.include({ name: 'long', state: 'running', attempts: 1 });
        expect(byId[failed.id]).to.include({
          name: 'flaky',
          state: 'failed',
          lastError: 'flaky failed on attempt 1',
        });
      });

      it('retries a failed job and cancels a waiting or running one through POST, answering 404 when none', async () => {
        behaviour.failures = 1;
        const failed = await jobs.enqueue('flaky', { n: 1 }, { maxAttempts: 1 });
        const waiting = await jobs.enqueue('record', { n: 2 }, { delayMs: 60_000 });
        const running = await jobs.enqueue('long', {});
        await until(async () => (await jobs.get(failed.id))?.state === 'failed', 'the flaky job to fail');
        await until(() => longRuns.length === 1, 'the long job to start');

        const retried = await request(served.url).post(`/_trellis/jobs/${failed.id}/retry`).expect(200);
        expect(retried.body).to.deep.equal({ id: failed.id, retried: true });
        await until(async () => (await jobs.get(failed.id)) === null, 'the retried job to run and succeed');

        await request(served.url)
          .post(`/_trellis/jobs/${waiting.id}/cancel`)
          .expect(200, { id: waiting.id, cancelled: true });
        expect(await jobs.get(waiting.id)).to.equal(null);
        await request(served.url).post(`/_trellis/jobs/${running.id}/cancel`).expect(200);
        await until(() => longRuns[0]!.aborted, 'the running job to be aborted');

        const missing = await request(served.url).post('/_trellis/jobs/987654/retry').expect(404);
        expect(missing.body.code).to.equal('DEVTOOLS_NO_SUCH_JOB');
        await request(served.url).post(`/_trellis/jobs/${waiting.id}/cancel`).expect(404);
        await request(served.url).post(`/_trellis/jobs/${waiting.id}/delete`).expect(404);
        await until(async () => (await queue()).names.length === 0, 'the aborted job to be deleted');
      });

      it('refuses an action a page of another origin sends (403), and a GET of an action (404 or 405)', async () => {
        const { id } = await jobs.enqueue('record', { n: 3 }, { delayMs: 60_000 });
        const res = await request(served.url)
          .post(`/_trellis/jobs/${id}/cancel`)
          .set('Origin', 'http://attacker.example')
          .expect(403);
        expect(res.body.code).to.equal('DEVTOOLS_CROSS_ORIGIN');
        const fetched = await request(served.url)
          .post(`/_trellis/jobs/${id}/cancel`)
          .set('Sec-Fetch-Site', 'cross-site')
          .expect(403);
        expect(fetched.body.code).to.equal('DEVTOOLS_CROSS_ORIGIN');
        const { status } = await request(served.url).get(`/_trellis/jobs/${id}/cancel`);
        expect(status).to.be.oneOf([404, 405]);
        expect((await jobs.get(id))?.state).to.equal('waiting');
        // The page's own origin is let through.
        await request(served.url).post(`/_trellis/jobs/${id}/cancel`).set('Origin', served.url).expect(200);
      });
    });
  });

  forEachEngine((engine) => {
    it('answers a null queue and 404 to actions without the jobs module; no action route without devtools', async () => {
      const served = await serve(createApp({ engine, devtools: true }));
      try {
        const { body } = await request(served.url).get('/_trellis.json?part=queue').expect(200);
        expect(body).to.deep.equal({ queue: null });
        const res = await request(served.url).post('/_trellis/jobs/1/retry').expect(404);
        expect(res.body.code).to.equal('DEVTOOLS_NO_SUCH_JOB');
      } finally {
        await served.close();
      }
      const plain = await serve(createApp({ engine }));
      try {
        await request(plain.url).post('/_trellis/jobs/1/retry').expect(404);
      } finally {
        await plain.close();
      }
    });
  });
});
