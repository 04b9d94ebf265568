/**
 * An async iterable fed by `push`: what an `Sse` handler returns for events that arrive from
 * elsewhere (a broadcast, a feed). Unlike an async generator, `return()` ends it at once even
 * while a `next()` waits, so a closed stream releases what the channel holds (`onEnd`).
 * @example const channel = new EventChannel<SseEvent>(() => unsubscribe()); channel.push({ data });
 */
export class EventChannel<T> implements AsyncIterableIterator<T> {
  private readonly queue: T[] = [];
  private waiting?: (result: IteratorResult<T>) => void;
  private done = false;

  constructor(private readonly onEnd?: () => void) {}

  /** Items queued and not yet read. */
  get backlog(): number {
    return this.queue.length;
  }

  /** Whether the channel has ended. */
  get ended(): boolean {
    return this.done;
  }

  /** Hands `item` to the reader, or queues it until the reader asks. */
  push(item: T): void {
    if (this.done) return;
    const waiting = this.waiting;
    if (waiting) {
      this.waiting = undefined;
      waiting({ value: item, done: false });
    } else this.queue.push(item);
  }

  /** Ends the channel once the queued items are read. */
  end(): void {
    if (this.done) return;
    this.done = true;
    this.onEnd?.();
    if (this.queue.length === 0) this.waiting?.({ value: undefined, done: true });
  }

  /** The next item, once one is pushed; done once the channel ended and its queue is read. */
  next(): Promise<IteratorResult<T>> {
    if (this.queue.length > 0) return Promise.resolve({ value: this.queue.shift() as T, done: false });
    if (this.done) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  /** Ends the channel at once, dropping what is queued (the stream closed). */
  return(): Promise<IteratorResult<T>> {
    this.queue.length = 0;
    this.end();
    return Promise.resolve({ value: undefined, done: true });
  }

  /** The channel is its own iterator. */
  [Symbol.asyncIterator](): this {
    return this;
  }
}
