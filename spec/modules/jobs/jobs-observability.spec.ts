import { expect } from 'chai';
import { Controller, createApp, Inject, Jobs, Post } from '../../../index';
import { drainJobs } from '../../../testing';
import { capturingLogger } from '../../support/capturing-logger';
import { forEachDatabase } from '../../support/databases';
import { recordSpans } from '../../support/recorded-spans';
import { runs, SpecJobs } from './support/job-fixtures';

@Controller('/signups')
class SignupController {
  constructor(@Inject(Jobs) private readonly jobs: Jobs) {}

  @Post()
  async create() {
    return this.jobs.enqueue('record', { n: 1 });
  }
}

describe('jobs module: metrics, spans and logs', function () {
  this.timeout(30_000);
  const exporter = recordSpans({ propagation: true, contextManager: true });
  beforeEach(() => {
    runs.length = 0;
  });

  forEachDatabase((database) => {
    it("counts runs by name and outcome, links the run's span to the enqueuing request's and logs both ids", async () => {
      const { logger, lines } = capturingLogger();
      const app = createApp({
        logger,
        metrics: true,
        tracing: true,
        requestId: true,
        controllers: [SignupController],
      })
        .install('database', { url: await database.url() })
        .install('jobs', { handlers: [SpecJobs], pollIntervalMs: 50 });
      try {
        const res = await app.inject({
          method: 'POST',
          url: '/signups',
          headers: { 'x-request-id': 'signup-42' },
        });
        expect(res.statusCode).to.equal(201);
        const { id } = res.json() as { id: string };
        await drainJobs(app);
        app.tracing?.flush();

        const request = exporter.getFinishedSpans().find((span) => span.name.startsWith('POST'));
        const job = exporter.getFinishedSpans().find((span) => span.name === 'job record');
        expect(job?.attributes['job.id']).to.equal(id);
        expect(job?.links[0]?.context.traceId).to.equal(request?.spanContext().traceId);

        const done = lines.find((line) => line.msg === 'job done');
        expect(done).to.include({ jobId: id, job: 'record', reqId: 'signup-42' });

        const text = await app.metrics!.text();
        expect(text).to.match(/trellis_jobs_run_seconds_count\{job="record",outcome="success"\} 1/);
        expect(text).to.match(/trellis_jobs_waiting 0/);
        // Counted when scraped: a job enqueued for later shows at once.
        await app.container.get<Jobs>(Jobs).enqueue('record', { n: 2 }, { delayMs: 60_000 });
        expect(await app.metrics!.text()).to.match(/trellis_jobs_waiting 1/);
      } finally {
        await app.close();
      }
    });
  });
});
