/** What the queue controls on the socket when too many events wait. */
export interface FlowControl {
  pause(): void;
  resume(): void;
}

/**
 * Runs the events of one connection one after the other, so a client's messages are handled in
 * the order sent. Past `highWaterMark` waiting events the socket stops being read until the
 * handlers catch up, so a client sending faster than its handlers cannot queue without bound.
 */
export class EventQueue {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;

  constructor(
    private readonly flow: FlowControl,
    private readonly onError: (err: unknown) => void,
    private readonly highWaterMark = 64,
  ) {}

  /** Queues `task`; the promise settles when it has run (never rejects). */
  push(task: () => Promise<void>): Promise<void> {
    this.waiting++;
    if (this.waiting === this.highWaterMark) this.flow.pause();
    this.tail = this.tail
      .then(task)
      .catch(this.onError)
      .finally(() => {
        this.waiting--;
        if (this.waiting === this.highWaterMark - 1) this.flow.resume();
      });
    return this.tail;
  }
}
