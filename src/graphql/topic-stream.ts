/**
 * The events of one subscription as an async iterator: pushed by the publisher, pulled by
 * graphql-ws as fast as the client reads. `return()` ends it at once, even while a `next()`
 * waits (an async generator would wait for the next event first, holding a finished
 * subscription open until then). Past `capacity` unread events the oldest are dropped, so a
 * stalled client cannot grow the server's memory without bound.
 */
export class TopicStream<T> implements AsyncIterableIterator<T> {
  private readonly queued: T[] = [];
  private waiting?: (result: IteratorResult<T>) => void;
  private done = false;

  constructor(
    private readonly onEnd: () => void,
    private readonly capacity = 256,
    private readonly onDrop: () => void = () => {},
  ) {}

  /** Hands an event to the reader, or queues it. */
  push(value: T): void {
    if (this.done) return;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve({ value, done: false });
      return;
    }
    if (this.queued.length >= this.capacity) {
      this.queued.shift();
      this.onDrop();
    }
    this.queued.push(value);
  }

  next(): Promise<IteratorResult<T>> {
    if (this.queued.length > 0) return Promise.resolve({ value: this.queued.shift()!, done: false });
    if (this.done) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  return(): Promise<IteratorResult<T>> {
    this.end();
    return Promise.resolve({ value: undefined, done: true });
  }

  throw(err?: unknown): Promise<IteratorResult<T>> {
    this.end();
    return Promise.reject(err);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  private end(): void {
    if (this.done) return;
    this.done = true;
    this.queued.length = 0;
    this.waiting?.({ value: undefined, done: true });
    this.waiting = undefined;
    this.onEnd();
  }
}
