import { fork } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'chai';
import { Jobs } from '../../../index';
import { drainJobs } from '../../../testing';
import { forEachDatabase } from '../../support/databases';
import { behaviour, jobsApp, runs } from './support/job-fixtures';

describe('jobs module: a worker killed mid-job', function () {
  this.timeout(90_000);
  beforeEach(() => {
    runs.length = 0;
    behaviour.hold = undefined;
  });

  // Enqueues a `held` job, runs it in a child process with `lockTimeoutMs`, kills that child
  // with SIGKILL once the job started; the job's id and when the child died.
  async function killedMidJob(
    url: string,
    lockTimeoutMs?: number,
  ): Promise<{ id: string; killedAt: number }> {
    const enqueuer = jobsApp(url, { worker: false });
    await enqueuer.start();
    const { id } = await enqueuer.container.get<Jobs>(Jobs).enqueue('held', {});
    await enqueuer.close();

    const args = lockTimeoutMs === undefined ? [url] : [url, String(lockTimeoutMs)];
    const child = fork(join(__dirname, 'support', 'held-job-child.js'), args, { stdio: 'ignore' });
    const started = await new Promise<{ started: string; attempt: number }>((resolve, reject) => {
      child.once('message', (message) => resolve(message as { started: string; attempt: number }));
      child.once('exit', (code) => reject(new Error(`the child exited (${code}) before its job started`)));
    });
    expect(started).to.deep.equal({ started: id, attempt: 1 });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    return { id, killedAt: Date.now() };
  }

  async function untilRun(id: string, ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    while (!runs.some((run) => run.id === id)) {
      if (Date.now() > deadline) throw new Error(`job ${id} did not run again within ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  forEachDatabase((database) => {
    it('runs the job it held again once its claim is older than lockTimeoutMs', async () => {
      const url = await database.url();
      const { id } = await killedMidJob(url, 1000);
      const survivor = jobsApp(url, { lockTimeoutMs: 1000 });
      try {
        await survivor.start();
        const held = await survivor.container.get<Jobs>(Jobs).get(id);
        expect(held?.state).to.equal('running');
        await untilRun(id, 10_000);
        await drainJobs(survivor);
        expect(runs.map((run) => [run.id, run.attempt])).to.deep.equal([[id, 2]]);
        expect(await survivor.container.get<Jobs>(Jobs).get(id)).to.equal(null);
      } finally {
        await survivor.close();
      }
    });

    // graphile-worker's claims are not renewed by itself: on PostgreSQL the default stays its 4 hours.
    if (database.name === 'sqlite')
      it('runs it again within a minute with the default settings', async () => {
        const url = await database.url();
        const { id, killedAt } = await killedMidJob(url);
        const survivor = jobsApp(url);
        try {
          await survivor.start();
          await untilRun(id, 60_000);
          const recoveredMs = Date.now() - killedAt;
          expect(recoveredMs).to.be.below(60_000);
          expect(runs.map((run) => [run.id, run.attempt])).to.deep.equal([[id, 2]]);
        } finally {
          await survivor.close();
        }
      });
  });
});
