import type { Logger } from 'pino';
import { type CompiledTask, SCHEDULE_BACKFILL_MS } from '../../../src/jobs';
import type { SqliteJobStore } from './sqlite-job-store';

// Timers longer than this are cut short and set again (setTimeout holds 24.8 days at most).
const MAX_WAIT_MS = 3_600_000;

/**
 * The schedules on SQLite: each instance wakes at each tick and tries to claim it; the claim is
 * a row unique on (name, tick), so one instance enqueues the tick's run. At start, the ticks of
 * the last hour since the schedule was first seen that no instance claimed are claimed too.
 */
export class SqliteSchedules {
  private readonly timers = new Set<NodeJS.Timeout>();
  // Tick claims in flight, which stop() waits for: the file must not close under one.
  private readonly claiming = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly store: SqliteJobStore,
    private readonly wake: () => void,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  async start(schedules: readonly CompiledTask[]): Promise<void> {
    for (const task of schedules) {
      const now = this.now();
      const since = Math.max(await this.store.knownSince(task.name), now - SCHEDULE_BACKFILL_MS);
      for (const tick of task.schedule!.between(since, now)) await this.claim(task, tick);
      this.plan(task, now);
    }
  }

  /** Plans no more ticks; resolves once the tick claims in flight are done. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.all(this.claiming);
  }

  private plan(task: CompiledTask, after: number): void {
    if (this.stopped) return;
    const tick = task.schedule!.next(after);
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        if (this.now() < tick) return this.plan(task, after);
        const claim = this.claim(task, tick).finally(() => {
          this.claiming.delete(claim);
          this.plan(task, tick);
        });
        this.claiming.add(claim);
      },
      Math.min(Math.max(tick - this.now(), 0), MAX_WAIT_MS),
    );
    timer.unref();
    this.timers.add(timer);
  }

  private async claim(task: CompiledTask, tick: number): Promise<void> {
    try {
      if (await this.store.claimTick(task.name, tick, task.maxAttempts)) this.wake();
    } catch (err) {
      this.logger.error(
        { err, job: task.name, tick: new Date(tick).toISOString() },
        'claiming a schedule tick failed',
      );
    }
  }
}
