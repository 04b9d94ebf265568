import type * as Otel from '@opentelemetry/api';

/** The span of a request nothing needed while it ran, to be made once it is answered. */
export interface AnsweredSpan {
  readonly name: string;
  readonly options: Otel.SpanOptions;
  readonly parent: Otel.Context;
  /** The error status of a failed request; a span cannot start with one. */
  readonly status?: Otel.SpanStatus;
  /** `performance.now()` when the answer ended. */
  readonly endTime: number;
}

/**
 * The spans of the requests answered in one turn of the event loop, made together after it, with
 * the times the requests began and ended. Made one at a time between requests, a span cost a
 * request about three times what it costs beside other spans: its code and data pushed the
 * request's own out of the caches, and each request brought them back.
 */
export class SpanBatch {
  private pending: AnsweredSpan[] = [];
  private scheduled = false;

  constructor(
    private readonly tracer: Otel.Tracer,
    private readonly report: (err: unknown) => void,
  ) {}

  add(span: AnsweredSpan): void {
    this.pending.push(span);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.flush);
  }

  /** Makes every pending span now; the app's `close()` calls it before the SDK shuts down. */
  readonly flush = (): void => {
    this.scheduled = false;
    const spans = this.pending;
    this.pending = [];
    for (const span of spans) {
      try {
        const made = this.tracer.startSpan(span.name, span.options, span.parent);
        if (span.status) made.setStatus(span.status);
        made.end(span.endTime);
      } catch (err) {
        // A span processor that throws must not take the other spans, or the process, with it.
        this.report(err);
      }
    }
  };
}
