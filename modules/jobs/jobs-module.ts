import { compileJobs, JOBS_BOARD, JobRunner, Jobs, jobsError } from '../../src/jobs';
import { checkOption, defineModule } from '../../src/kernel';
import { DatabaseConnection } from '../database';
import { describeJobs } from './describe-jobs';
import { JobQueue } from './job-queue';
import type { JobsOptions } from './jobs-options';
import { jobsOptionsSchema } from './jobs-options-schema';
import { openBackend } from './open-backend';

declare module '../../src/kernel/extension-points' {
  interface ModuleOptionsMap {
    jobs: JobsOptions;
  }
}

const DEFAULT_CONCURRENCY = 4;
const DEFAULT_POLL_MS = 1000;
const DEFAULT_SHUTDOWN_MS = 10_000;

/**
 * The `jobs` module: `Job()` and `Cron()` methods of the handler classes run by a worker in each
 * instance, on the database module's database (its SQLite file, or graphile-worker's schema on
 * PostgreSQL), and `Jobs` bound to enqueue them (inside `Transactional()`, in its transaction).
 * @example app.install('database', { url }).install('jobs', { handlers: [WelcomeJobs] });
 */
export const jobsModule = defineModule<JobsOptions>({
  name: 'jobs',
  install(app, options) {
    checkOption(jobsOptionsSchema, options, 'jobs');
    if (!app.container.isBound(DatabaseConnection)) throw jobsError('TRELLIS_ERR_JOBS_WITHOUT_DATABASE');
    const connection = app.container.get(DatabaseConnection);
    const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
    const grace = app.options.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_MS;
    const backend = openBackend(connection, app.logger, concurrency);
    const queue = new JobQueue(backend, connection.db, app.tracing);
    app.container.bind(Jobs).toConstantValue(queue);
    app.container.bind(JOBS_BOARD).toConstantValue(queue);
    app.register(...options.handlers);
    app.inspection.contribute('jobs', () =>
      describeJobs(app).map(({ cron, ...job }) => (cron === undefined ? job : { ...job, schedule: cron })),
    );
    // Counted at each scrape; while the database does not answer, the last count stands.
    let waiting = 0;
    app.metrics?.gauge('trellis_jobs_waiting', 'Jobs waiting to run, due or not', () =>
      backend.waiting().then(
        (count) => (waiting = count),
        () => waiting,
      ),
    );
    // The backend's connection opens with its tables, at ready(): an app readied and never
    // started (a test through the listener) still closes it.
    app.service({
      name: 'job tables',
      stage: 'ready',
      start: () => backend.prepare(),
      stop: (deadline) => backend.stop(Math.max(0, deadline - Date.now())),
    });
    app.onCompiled(() => {
      const env = {
        container: app.container,
        guards: app.guards,
        interceptors: app.interceptors,
        tracing: app.tracing?.steps ? app.tracing : undefined,
        logger: app.logger,
        pipeline: app.pipeline,
      };
      queue.compiled = compileJobs(options.handlers, env);
      if (options.worker === false) return;
      queue.runner = new JobRunner(
        queue.compiled,
        { logger: app.logger, metrics: app.metrics, tracing: app.tracing },
        options.timeoutMs,
      );
    });
    // Workers and schedules: background work, begun only once the application serves.
    app.service({
      name: 'job workers',
      start: async () => {
        if (!queue.runner || !queue.compiled) return;
        await backend.start({
          runner: queue.runner,
          compiled: queue.compiled,
          concurrency,
          pollIntervalMs: options.pollIntervalMs ?? DEFAULT_POLL_MS,
          lockTimeoutMs: options.lockTimeoutMs ?? backend.defaultLockTimeoutMs,
          shutdownGraceMs: grace,
        });
      },
      // The grace left of close()'s one deadline, not a second shutdownTimeoutMs of its own.
      stop: (deadline) => backend.stop(Math.max(0, deadline - Date.now())),
    });
  },
});
