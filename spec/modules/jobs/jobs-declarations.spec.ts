import { expect } from 'chai';
import pino from 'pino';
import { z } from 'zod';
import { Injectable, Jobs } from '../../../index';
import { createApp } from '../../../src/app/create-app';
import { Job, type JobContext } from '../../../src/jobs';
import { drainJobs } from '../../../testing';
import { expectCode, expectThrowsCode } from '../../support/expect-code';
import { jobsApp, runs, SpecJobs } from './support/job-fixtures';

@Injectable()
class OtherRecorder {
  @Job('record', z.object({ n: z.number() }))
  record() {}
}

/** A provider listed in `handlers` by mistake: a method, but neither Job() nor Cron() on it. */
@Injectable()
class MailSender {
  send() {}
}

@Injectable()
class HalfSecondJobs {
  @Job('half', z.object({}), { timeoutMs: 0.5 })
  half() {}
}

@Injectable()
class DefaultedJobs {
  // The method is given the schema's output: the default filled in, the string read as a number.
  @Job('defaulted', z.object({ n: z.coerce.number(), tag: z.string().default('none') }))
  run(payload: { n: number; tag: string }, job: JobContext) {
    runs.push({ name: job.name, payload, attempt: job.attempt, id: job.id });
  }
}

describe('jobs module: declarations', function () {
  this.timeout(30_000);
  beforeEach(() => {
    runs.length = 0;
  });

  it('refuses two handlers of one job name at ready() with a code naming both', async () => {
    const app = jobsApp(':memory:', { handlers: [SpecJobs, OtherRecorder] });
    try {
      const error = expectCode(await app.ready().catch((err) => err), 'TRELLIS_ERR_DUPLICATE_JOB');
      expect(error.message).to.contain('SpecJobs').and.to.contain('OtherRecorder');
    } finally {
      await app.close();
    }
  });

  it('refuses a handler class with no Job() or Cron() method at ready(), naming it, with or without a worker', async () => {
    for (const worker of [true, false]) {
      const app = jobsApp(':memory:', { handlers: [SpecJobs, MailSender], worker });
      try {
        const error = expectCode(await app.ready().catch((err) => err), 'TRELLIS_ERR_HANDLER_WITHOUT_JOBS');
        expect(error.message).to.contain('MailSender').and.not.to.contain('SpecJobs');
      } finally {
        await app.close();
      }
    }
  });

  it('refuses a Job() timeoutMs that is no whole number of milliseconds at ready(), and such a module timeoutMs at install', async () => {
    const app = jobsApp(':memory:', { handlers: [HalfSecondJobs] });
    try {
      const error = expectCode(await app.ready().catch((err) => err), 'TRELLIS_ERR_INVALID_JOB_TIMEOUT');
      expect(error.message).to.contain('HalfSecondJobs.half').and.to.contain('0.5');
    } finally {
      await app.close();
    }
    expectThrowsCode(
      () =>
        createApp({ logger: pino({ level: 'silent' }) })
          .install('database', { url: ':memory:' })
          .install('jobs', { handlers: [SpecJobs], timeoutMs: 0 }),
      'TRELLIS_ERR_INVALID_OPTION',
    );
  });

  it('refuses the jobs module without the database module, with a code', () => {
    expectThrowsCode(
      () => createApp({ logger: pino({ level: 'silent' }) }).install('jobs', { handlers: [SpecJobs] }),
      'TRELLIS_ERR_JOBS_WITHOUT_DATABASE',
    );
  });

  it("hands the method the schema's output, not the payload as it was stored", async () => {
    const app = jobsApp(':memory:', { handlers: [DefaultedJobs] });
    try {
      await app.start();
      await app.container.get<Jobs>(Jobs).enqueue('defaulted', { n: '42' });
      await drainJobs(app);
      expect(runs.map((run) => run.payload)).to.deep.equal([{ n: 42, tag: 'none' }]);
    } finally {
      await app.close();
    }
  });
});
