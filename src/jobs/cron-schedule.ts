import { Cron as Croner } from 'croner';
import { jobsError } from './jobs-errors';

const MINUTE_MS = 60_000;

/** A five-field cron expression read once: its ticks, whole minutes, in its time zone. */
export class CronSchedule {
  private readonly cron: Croner;

  constructor(
    readonly expression: string,
    readonly timezone: string | undefined,
    where: string,
  ) {
    const fields = expression.trim().split(/\s+/).length;
    if (fields !== 5)
      throw jobsError('TRELLIS_ERR_INVALID_CRON', where, expression, `it has ${fields} fields, not 5`);
    try {
      this.cron = new Croner(expression, { timezone, paused: true });
      this.cron.nextRun();
    } catch (err) {
      throw jobsError('TRELLIS_ERR_INVALID_CRON', where, expression, (err as Error).message);
    }
  }

  /** The first tick after `after` (milliseconds since the epoch). */
  next(after: number): number {
    return this.cron.nextRun(new Date(after))!.getTime();
  }

  /** Whether the minute that starts at `minute` is a tick. */
  matches(minute: number): boolean {
    return this.next(minute - MINUTE_MS / 2) === minute;
  }

  /** The ticks after `from`, up to `to` included, oldest first. */
  between(from: number, to: number): number[] {
    const ticks: number[] = [];
    for (let tick = this.next(from); tick <= to; tick = this.next(tick)) ticks.push(tick);
    return ticks;
  }
}
