import { AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type {
  ClaimedJob,
  JobBackend,
  JobInfo,
  JobsOverview,
  NewJob,
  WorkerSettings,
} from '../../../src/jobs';
import { settlesWithin } from '../../../src/kernel';
import { type SqliteClaimedJob, SqliteJobStore } from './sqlite-job-store';
import { createJobTables } from './sqlite-job-tables';
import { SqliteSchedules } from './sqlite-schedules';

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** How long a claim holds unless renewed, by default: a job cut off by a crash runs again within it. */
export const SQLITE_LOCK_TIMEOUT_MS = 30_000;

/**
 * The embedded backend: jobs in the database module's SQLite file, claimed by each instance's
 * worker, which polls the file (and is woken at once by jobs enqueued in its own process) and
 * renews the claims of the jobs it runs every third of `lockTimeoutMs` (its heartbeat).
 */
export class SqliteJobBackend implements JobBackend {
  readonly defaultLockTimeoutMs = SQLITE_LOCK_TIMEOUT_MS;
  private readonly store: SqliteJobStore;
  private readonly worker = `sqlite:${randomUUID()}`;
  private readonly running = new Set<Promise<void>>();
  private settings?: WorkerSettings;
  private schedules?: SqliteSchedules;
  private poller?: NodeJS.Timeout;
  private heartbeat?: NodeJS.Timeout;
  private polling = false;
  // The last poll begun: stop() waits for a claim in flight, whose jobs it must not leave locked.
  private polled: Promise<void> = Promise.resolve();
  private again = false;
  private stopping = false;
  // Jobs done in this turn of the event loop, deleted together: each commit syncs the file.
  private done: { id: string; recorded: () => void; failed: (err: unknown) => void }[] = [];

  constructor(
    private readonly root: Kysely<any>,
    private readonly logger: Logger,
  ) {
    this.store = new SqliteJobStore(root);
  }

  prepare(): Promise<void> {
    return createJobTables(this.root);
  }

  add(db: Kysely<any>, job: NewJob): Promise<string> {
    return this.store.add(db, job);
  }

  get(id: string): Promise<JobInfo | null> {
    return this.store.get(id);
  }

  failed(): Promise<JobInfo[]> {
    return this.store.failed();
  }

  async retry(id: string): Promise<boolean> {
    const retried = await this.store.retry(id);
    if (retried) this.wake();
    return retried;
  }

  async cancel(db: Kysely<any>, id: string): Promise<boolean> {
    const outcome = await this.store.cancel(db, id);
    // Running here: aborted at once, unless a transaction that may roll back marked it; in
    // another process (or after that commit): at the next poll.
    if (outcome === 'running' && !db.isTransaction) this.settings?.runner.abort(id);
    return outcome !== 'none';
  }

  busy(): Promise<number> {
    return this.store.busy();
  }

  waiting(): Promise<number> {
    return this.store.waiting();
  }

  overview(limit: number): Promise<JobsOverview> {
    return this.store.overview(limit);
  }

  async start(settings: WorkerSettings): Promise<void> {
    this.settings = settings;
    this.schedules = new SqliteSchedules(this.store, () => this.wake(), this.logger);
    await this.schedules.start(settings.compiled.schedules());
    this.poller = setInterval(() => {
      this.wake();
      void this.abortCancelled();
    }, settings.pollIntervalMs);
    this.poller.unref();
    this.heartbeat = setInterval(() => void this.renewClaims(), settings.lockTimeoutMs / 3);
    this.heartbeat.unref();
    this.wake();
  }

  // Bound to the context of start(): a wake from inside a Transactional() call (an enqueue) must
  // not hand that call's transaction, or its request, to the jobs it starts.
  private readonly claimOutside = AsyncResource.bind(() => {
    this.polled = this.poll();
  });

  wake(): void {
    if (!this.settings || this.stopping) return;
    if (this.polling) {
      this.again = true;
      return;
    }
    this.claimOutside();
  }

  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    clearInterval(this.poller);
    const ticks = this.schedules?.stop();
    try {
      // A claim in flight gives its jobs back (poll() sees `stopping`) before the file closes.
      await Promise.all([this.polled, ticks]);
      if (this.running.size === 0) return;
      // The heartbeat goes on meanwhile: the runs finishing are not taken for cut off.
      await settlesWithin(Promise.allSettled([...this.running]), graceMs);
      if (this.running.size > 0) {
        this.logger.warn({ running: this.running.size }, 'jobs still running at shutdown are released');
        await this.store.release(this.worker);
      }
    } finally {
      clearInterval(this.heartbeat);
    }
  }

  private async renewClaims(): Promise<void> {
    if (this.running.size === 0) return;
    try {
      await this.store.renew(this.worker);
    } catch (err) {
      this.logger.warn({ err }, 'renewing the claims of running jobs failed');
    }
  }

  // Jobs cancelled by another process while they run here: their runs are aborted.
  private async abortCancelled(): Promise<void> {
    const runner = this.settings!.runner;
    try {
      for (const id of await this.store.cancelledAmong(runner.runningIds())) runner.abort(id);
    } catch (err) {
      this.logger.warn({ err }, 'looking for cancelled jobs failed');
    }
  }

  // Claims while there are free slots and due jobs; a wake during a claim claims again after it.
  private async poll(): Promise<void> {
    const settings = this.settings!;
    this.polling = true;
    try {
      do {
        this.again = false;
        const free = settings.concurrency - this.running.size;
        if (free <= 0 || this.stopping) break;
        const jobs = await this.store.claim(this.worker, free, settings.lockTimeoutMs);
        if (this.stopping) {
          await this.giveBack(jobs);
          break;
        }
        for (const job of jobs) this.begin(job);
        if (jobs.length === free) this.again = true;
      } while (this.again);
    } catch (err) {
      this.logger.error({ err }, 'claiming jobs failed');
    } finally {
      this.polling = false;
    }
  }

  // Jobs claimed while stop() began: not started, since the database may close under them; due
  // again at once for the next worker, this attempt not counted. If giving them back fails, they
  // wait for the lock timeout as a crashed worker's would.
  private async giveBack(jobs: readonly SqliteClaimedJob[]): Promise<void> {
    if (jobs.length === 0) return;
    try {
      await this.store.release(
        this.worker,
        jobs.map((job) => job.id),
      );
    } catch (err) {
      this.logger.warn(
        { err, jobIds: jobs.map((job) => job.id) },
        'giving back jobs claimed at shutdown failed',
      );
    }
  }

  private completeSoon(job: ClaimedJob): Promise<void> {
    return new Promise((recorded, failed) => {
      if (this.done.length === 0) setImmediate(() => void this.flushDone());
      this.done.push({ id: job.id, recorded, failed });
    });
  }

  private async flushDone(): Promise<void> {
    const done = this.done;
    this.done = [];
    try {
      await this.store.complete(
        done.map((job) => job.id),
        this.worker,
      );
      for (const job of done) job.recorded();
    } catch (err) {
      for (const job of done) job.failed(err);
    }
  }

  private begin(job: SqliteClaimedJob): void {
    const settings = this.settings!;
    // Cancelled while its worker was cut off: taken again only to be deleted, not run.
    const run = (job.cancelled ? Promise.resolve() : settings.runner.run(job))
      .then(
        () => this.completeSoon(job),
        (err) => this.store.fail(job, this.worker, messageOf(err)),
      )
      .catch((err) => this.logger.error({ err, jobId: job.id }, 'recording a job run failed'))
      .finally(() => {
        this.running.delete(run);
        this.wake();
      });
    this.running.add(run);
  }
}
