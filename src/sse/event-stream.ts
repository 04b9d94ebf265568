import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { HTTP_STATUS, toHttpException } from '../kernel';
import { reportFailure } from '../logging/report-failure';
import { SseNotIterableError } from './sse-errors';
import { formatEvent, HEARTBEAT } from './sse-event';

/** How one stream is bounded. */
export interface EventStreamLimits {
  heartbeatMs: number;
  maxBufferedBytes: number;
}

/** The head of every event stream. */
export const STREAM_HEAD = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  Connection: 'keep-alive',
  // nginx would otherwise hold events back until its buffer fills.
  'X-Accel-Buffering': 'no',
};

/** The iterator of what an `Sse` handler returned; a TypeError when it is not iterable. */
export function iteratorOf(source: unknown): AsyncIterator<unknown> | Iterator<unknown> {
  const value = source as Partial<AsyncIterable<unknown> & Iterable<unknown>> | null | undefined;
  const asyncIterator = value?.[Symbol.asyncIterator];
  if (typeof asyncIterator === 'function') return asyncIterator.call(value);
  const iterator = value?.[Symbol.iterator];
  if (typeof iterator === 'function' && typeof value !== 'string') return iterator.call(value);
  throw new SseNotIterableError();
}

/** Whether the client of `res` has already gone (or the answer has ended). */
export function clientGone(res: ServerResponse): boolean {
  return res.destroyed || res.closed || res.writableEnded || res.req?.destroyed === true;
}

/**
 * One open `text/event-stream` answer: writes each item of the handler's iterable as it
 * arrives, a heartbeat comment while idle, and ends when the iterable ends, the client goes,
 * its unread bytes pass the limit, or `close()` (shutdown, the session ended) is called.
 */
export class EventStream {
  private ended = false;
  private lastWrite = Date.now();
  private heartbeat?: NodeJS.Timeout;

  constructor(
    private readonly res: ServerResponse,
    private readonly iterator: AsyncIterator<unknown> | Iterator<unknown>,
    private readonly limits: EventStreamLimits,
    private readonly logger: Logger,
    private readonly onEnd: () => void,
  ) {
    // The client may have gone while the guards awaited the database or Redis: its 'close' has
    // already been emitted, and a listener added now would never hear it.
    if (clientGone(res)) {
      this.finish();
      return;
    }
    res.writeHead(HTTP_STATUS.OK, STREAM_HEAD);
    res.flushHeaders();
    res.on('close', () => this.finish());
    this.heartbeat = setTimeout(() => this.beat(), limits.heartbeatMs);
    this.heartbeat.unref();
    void this.pump();
  }

  /** Whether the stream has ended (it may end before it opens: the client had gone). */
  get isEnded(): boolean {
    return this.ended;
  }

  /** Ends the stream after the event being written, if any. */
  close(): void {
    if (this.ended) return;
    this.finish();
    this.res.end();
  }

  // A write only notes its time (no timer to move per event); the one timer wakes when the
  // stream may have been idle for heartbeatMs and sleeps again for what remains, so two writes
  // are never more than heartbeatMs apart.
  private beat(): void {
    if (this.ended) return;
    const idle = Date.now() - this.lastWrite;
    if (idle >= this.limits.heartbeatMs) this.write(HEARTBEAT);
    if (this.ended) return;
    const wait = Math.max(1, this.limits.heartbeatMs - (Date.now() - this.lastWrite));
    this.heartbeat = setTimeout(() => this.beat(), wait);
    this.heartbeat.unref();
  }

  private async pump(): Promise<void> {
    try {
      while (!this.ended) {
        const next = await this.iterator.next();
        if (next.done || this.ended) break;
        this.write(formatEvent(next.value));
      }
    } catch (err) {
      reportFailure(this.logger, toHttpException(err), { url: this.res.req?.url }, 'event stream failed');
    }
    this.close();
  }

  private write(text: string): void {
    if (this.ended) return;
    this.lastWrite = Date.now();
    this.res.write(text);
    // A reader this far behind would make the buffer grow without bound.
    if (this.res.writableLength > this.limits.maxBufferedBytes) {
      this.logger.warn({ url: this.res.req?.url }, 'event stream client too slow: disconnected');
      this.finish();
      this.res.destroy();
    }
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.heartbeat);
    // A generator waiting for its next event is released; what it holds (a subscription) with it.
    const closing = this.iterator.return?.();
    if (closing && typeof (closing as Promise<unknown>).catch === 'function')
      (closing as Promise<unknown>).catch(() => {});
    this.onEnd();
  }
}
