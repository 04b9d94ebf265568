import { fork } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'chai';
import { Jobs } from '../../../index';
import { drainJobs } from '../../../testing';
import { forEachDatabase } from '../../support/databases';
import { behaviour, jobsApp, runs } from './support/job-fixtures';

describe('jobs module: a worker killed mid-job', function () {
  this.timeout(60_000);
  beforeEach(() => {
    runs.length = 0;
    behaviour.hold = undefined;
  });

  forEachDatabase((database) => {
    it('runs the job it held again once its lock times out', async () => {
      const url = await database.url();
      const enqueuer = jobsApp(url, { worker: false });
      await enqueuer.ready();
      const { id } = await enqueuer.container.get<Jobs>(Jobs).enqueue('held', {});
      await enqueuer.close();

      const child = fork(join(__dirname, 'support', 'held-job-child.js'), [url], { stdio: 'ignore' });
      const started = await new Promise<{ started: string; attempt: number }>((resolve, reject) => {
        child.once('message', (message) => resolve(message as { started: string; attempt: number }));
        child.once('exit', (code) => reject(new Error(`the child exited (${code}) before its job started`)));
      });
      expect(started).to.deep.equal({ started: id, attempt: 1 });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;

      const survivor = jobsApp(url, { lockTimeoutMs: 1000 });
      try {
        await survivor.ready();
        const held = await survivor.container.get<Jobs>(Jobs).get(id);
        expect(held?.state).to.equal('running');
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await drainJobs(survivor);
        expect(runs.map((run) => [run.id, run.attempt])).to.deep.equal([[id, 2]]);
        expect(await survivor.container.get<Jobs>(Jobs).get(id)).to.equal(null);
      } finally {
        await survivor.close();
      }
    });
  });
});
