import type { Kysely } from 'kysely';
import {
  type CompiledJobs,
  type EnqueueOptions,
  enqueueOptionsProblem,
  enqueuingRequestId,
  InvalidEnqueueOptionsError,
  InvalidJobPayloadError,
  type JobBackend,
  type JobInfo,
  type JobPayload,
  type JobRunner,
  type Jobs,
  type JobsBoard,
  type JobsOverview,
  storedForm,
  UnknownJobError,
} from '../../src/jobs';
import type { ValidationDetail } from '../../src/kernel';
import type { Tracing } from '../../src/tracing';

// A field the schema accepts as given but refuses once stored as JSON (a Date it wants as one).
const asStored = (detail: ValidationDetail): ValidationDetail => ({
  ...detail,
  message: `${detail.message}, once stored as JSON`,
});

// How many jobs of each state the devtools page lists.
const OVERVIEW_LIMIT = 50;

/** `Jobs` as the `jobs` module binds it: checks on enqueue, the backend behind. */
export class JobQueue implements Jobs, JobsBoard {
  /** Set at `ready()`, once the `Job()` methods are compiled. */
  compiled?: CompiledJobs;
  /** Set at `ready()` when this instance runs jobs. */
  runner?: JobRunner;

  constructor(
    private readonly backend: JobBackend,
    private readonly db: Kysely<any>,
    private readonly tracing?: Tracing,
  ) {}

  async enqueue<N extends string>(
    name: N,
    payload: JobPayload<N>,
    options: EnqueueOptions = {},
  ): Promise<{ id: string }> {
    const task = this.compiled?.get(name);
    if (!task?.validate) throw new UnknownJobError(name, this.compiled?.jobNames() ?? []);
    const checked = task.validate(payload);
    if (!checked.ok) throw new InvalidJobPayloadError(name, checked.details);
    // Checked again as it will be stored, so that what enqueue accepts a run accepts too.
    const stored = storedForm(payload);
    if (!stored.ok) throw new InvalidJobPayloadError(name, stored.details);
    const rechecked = task.validate(stored.value);
    if (!rechecked.ok) throw new InvalidJobPayloadError(name, rechecked.details.map(asStored));
    const now = Date.now();
    const problem = enqueueOptionsProblem(options, now);
    if (problem) throw new InvalidEnqueueOptionsError(name, problem);
    const runAt = options.runAt ?? new Date(now + (options.delayMs ?? 0));
    const id = await this.backend.add(this.db, {
      name,
      payload: stored.value,
      runAt,
      maxAttempts: options.maxAttempts ?? task.maxAttempts,
      priority: options.priority ?? 0,
      key: options.key,
      requestId: enqueuingRequestId(),
      spanLink: this.tracing?.activeSpanLink(),
    });
    this.backend.wake();
    return { id };
  }

  get(id: string): Promise<JobInfo | null> {
    return this.backend.get(String(id));
  }

  failed(): Promise<JobInfo[]> {
    return this.backend.failed();
  }

  retry(id: string): Promise<boolean> {
    return this.backend.retry(String(id));
  }

  cancel(id: string): Promise<boolean> {
    return this.backend.cancel(this.db, String(id));
  }

  /** The counts per name and the first jobs of each state, for the devtools page. */
  overview(): Promise<JobsOverview> {
    return this.backend.overview(OVERVIEW_LIMIT);
  }

  /** Jobs due now or running (what `drainJobs` waits on). */
  busy(): Promise<number> {
    return this.backend.busy();
  }
}
