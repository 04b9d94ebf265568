import { ServiceUnavailableException } from '../../src/kernel';
import { InvalidConcurrencyLimitError, InvalidQueueLimitError } from './auth-errors';
import { AUTH_MESSAGES } from './auth-messages';

/** Thrown by a full `ConcurrencyLimit`: a 503 with `Retry-After: 1`, answered at once. */
export class QueueFullException extends ServiceUnavailableException {
  constructor(message: string = AUTH_MESSAGES.busy) {
    super(message, { headers: { 'Retry-After': '1' } });
  }
}

/**
 * Runs at most `limit` tasks at once; up to `maxQueued` others wait their turn, first come first
 * served, and past that a task is refused at once: a flood cannot build a queue without end.
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly limit: number,
    readonly maxQueued = Number.POSITIVE_INFINITY,
    /** The message of the 503 a full queue answers. */
    private readonly busyMessage: string = AUTH_MESSAGES.busy,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new InvalidConcurrencyLimitError(limit);
    if (maxQueued !== Number.POSITIVE_INFINITY && (!Number.isInteger(maxQueued) || maxQueued < 0))
      throw new InvalidQueueLimitError(maxQueued);
  }

  /** Tasks waiting for a free slot (the queue depth). */
  get queued(): number {
    return this.waiting.length;
  }

  /** Tasks running now. */
  get active(): number {
    return this.running;
  }

  /** Runs `task` once a slot is free; settles as the task does. Rejects with `QueueFullException` when full. */
  run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) {
      this.running++;
      return this.execute(task);
    }
    if (this.waiting.length >= this.maxQueued)
      return Promise.reject(new QueueFullException(this.busyMessage));
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
