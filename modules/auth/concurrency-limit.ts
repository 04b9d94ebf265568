/** Runs at most `limit` tasks at once; the others wait their turn, first come first served. */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`concurrency limit must be at least 1 (got ${limit})`);
  }

  /** Tasks waiting for a free slot. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Runs `task` once a slot is free; settles as the task does. */
  run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) {
      this.running++;
      return this.execute(task);
    }
    return new Promise<void>((resolve) => this.waiting.push(resolve)).then(() => this.execute(task));
  }

  private execute<T>(task: () => Promise<T>): Promise<T> {
    let pending: Promise<T>;
    try {
      pending = task();
    } catch (err) {
      pending = Promise.reject(err);
    }
    // The slot passes straight to the next waiter, so no newcomer can slip in between.
    return pending.finally(() => {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    });
  }
}
