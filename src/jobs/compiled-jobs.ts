import type { Validator } from '../kernel';
import type { CronSchedule } from './cron-schedule';
import type { JobContext } from './job-context';

/** Runs one job's method for one run: guards, arguments, a scope of its own, the method. */
export type TaskRun = (payload: unknown, job: JobContext) => Promise<void>;

/** A method jobs run by name: a `Job()` one, or a `Cron()` one run at each tick. */
export interface CompiledTask {
  name: string;
  /** `Class.method`. */
  handler: string;
  maxAttempts: number;
  /** Milliseconds a run may take, when the `Job()` names it. */
  timeoutMs?: number;
  run: TaskRun;
  /** A `Job()`'s payload check, run on enqueue. */
  validate?: Validator;
  /** A `Cron()`'s ticks. */
  schedule?: CronSchedule;
}

/** One compiled job or schedule, as tools list them. */
export interface CompiledJobDescription {
  name: string;
  kind: 'job' | 'schedule';
  /** `Class.method`. */
  handler: string;
  maxAttempts: number;
  /** A schedule's cron expression. */
  cron?: string;
  timezone?: string;
}

/** Every job and schedule of the application, compiled at `ready()`. */
export class CompiledJobs {
  constructor(private readonly tasks: ReadonlyMap<string, CompiledTask>) {}

  /** The job or schedule of this name. */
  get(name: string): CompiledTask | undefined {
    return this.tasks.get(name);
  }

  /** The names `enqueue` takes. */
  jobNames(): string[] {
    return [...this.tasks.values()].filter((task) => task.validate).map((task) => task.name);
  }

  /** Every job and schedule. */
  all(): CompiledTask[] {
    return [...this.tasks.values()];
  }

  /** The schedules. */
  schedules(): CompiledTask[] {
    return this.all().filter((task) => task.schedule);
  }

  /** What each job and schedule is, for tools that describe the application (`inspect()`). */
  describe(): CompiledJobDescription[] {
    return this.all().map((task) => ({
      name: task.name,
      kind: task.schedule ? 'schedule' : 'job',
      handler: task.handler,
      maxAttempts: task.maxAttempts,
      ...(task.schedule && { cron: task.schedule.expression, timezone: task.schedule.timezone }),
    }));
  }
}
