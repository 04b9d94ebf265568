import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as Otel from '@opentelemetry/api';
import type { RequestContext } from '../http/request-context';
import { HTTP_STATUS, toHttpException } from '../kernel';
import type { TracingOptions } from '../observability/observability-options';
import { nodeRequestOf, type RequestState, requestStateOf } from '../observability/request-state';
import { loadOptional } from '../optional';
import { ContextManagerProbe } from './context-manager-probe';
import { layOutOtelExportsForFastReads } from './fast-exports';
import { type OtelParts, otelParts } from './otel-parts';
import { RequestTrace, type RequestTraceParts } from './request-trace';
import { SpanBatch } from './span-batch';

const SERVER_ERROR = HTTP_STATUS.INTERNAL_SERVER_ERROR;

/** One step of a request (its guards, its handler, a resolver) as a span. */
export interface TraceStep {
  /** Runs `fn` with this span as the active one, so spans it starts are children of it. */
  run<T>(fn: () => T): T;
  /** Ends the span; a server error (5xx or unexpected) marks it failed, a refusal does not. */
  end(err?: unknown): void;
}

/** Span attributes, as OpenTelemetry takes them. */
export type TraceAttributes = Record<string, string | number | boolean>;

// The types of @opentelemetry/api stay out of the public declarations: an application that does
// not trace compiles without the package. One object per step, no closures: the context that makes
// the span a parent is made only when a step runs code under it (the handler; guards do not).
class SpanStep implements TraceStep {
  constructor(
    private readonly otel: OtelParts,
    private readonly span: Otel.Span,
    private readonly parent: Otel.Context,
  ) {}

  run<T>(fn: () => T): T {
    return this.otel.context.with(this.otel.trace.setSpan(this.parent, this.span), fn);
  }

  end(err?: unknown): void {
    const { span } = this;
    if (err !== undefined) {
      const exception = toHttpException(err);
      span.setAttribute('http.response.status_code', exception.statusCode);
      if (exception.statusCode >= SERVER_ERROR) {
        span.recordException((exception.cause ?? exception) as Error);
        span.setStatus({ code: this.otel.errorCode });
      }
    }
    span.end();
  }
}

/**
 * OpenTelemetry spans through `@opentelemetry/api`: one server span per HTTP request (continuing
 * the caller's trace from `traceparent`), active while its route runs, with a child for each
 * GraphQL resolver, and with `steps`, for its guards and its handler. Spans go wherever the
 * installed SDK sends them.
 */
export class Tracing {
  /** Whether each route's guards and handler get spans of their own. */
  readonly steps: boolean;
  // The API's parts, the tracer, and what every request's trace shares: one object for all.
  private parts: RequestTraceParts;

  constructor(options: TracingOptions = {}) {
    const otel = otelParts(loadOptional<typeof Otel>('@opentelemetry/api', 'The tracing option'));
    const tracer = otel.trace.getTracer(options.tracerName ?? 'trellis');
    this.steps = options.steps ?? false;
    const report = (err: unknown) => otel.diag.error('trellis: a request span could not be made', err);
    const batch = new SpanBatch(tracer, report);
    this.parts = { otel, tracer, probe: new ContextManagerProbe(otel), batch };
  }

  /**
   * Hands every span the application's requests make to `onEnd` once it ends (the devtools page
   * lists a request's spans); call before the first request. The spans still go to the SDK.
   */
  // The span is typed `object` so that the public declarations keep no type of @opentelemetry/api.
  watchSpans(onEnd: (span: object) => void): void {
    const { tracer, otel } = this.parts;
    const startSpan: Otel.Tracer['startSpan'] = (name, options, context) => {
      const span = tracer.startSpan(name, options, context);
      const end = span.end.bind(span);
      span.end = (endTime) => {
        end(endTime);
        onEnd(span);
      };
      return span;
    };
    const watched: Otel.Tracer = { startSpan, startActiveSpan: tracer.startActiveSpan.bind(tracer) };
    const report = (err: unknown) => otel.diag.error('trellis: a request span could not be made', err);
    this.parts = { ...this.parts, tracer: watched, batch: new SpanBatch(watched, report) };
  }

  /**
   * Called by `ready()`, when the application's SDK is loaded: lays out the OpenTelemetry
   * packages' exports for fast reads, which spans read some twenty times each.
   */
  prepare(): void {
    layOutOtelExportsForFastReads();
  }

  /** Starts tracing one HTTP request (its span begins at its arrival); `requestEnded` ends it. */
  requestStarted(req: IncomingMessage, state: RequestState): void {
    state.trace = new RequestTrace(this.parts, req, state);
  }

  /** Ends the span of one HTTP request `elapsedMs` after its arrival, named by its route once known. */
  requestEnded(res: ServerResponse, state: RequestState, elapsedMs: number): void {
    (state.trace as RequestTrace | undefined)?.answered(res, state.route, state.start + elapsedMs);
  }

  /** Makes the spans of the requests already answered now, rather than after this turn of the event loop. */
  flush(): void {
    this.parts.batch.flush();
  }

  /**
   * Records a step that already ended (a database query) as a span of `durationMs` ending now,
   * a child of the active span.
   */
  finishedSpan(name: string, durationMs: number, attributes?: TraceAttributes, err?: unknown): void {
    const { otel, tracer } = this.parts;
    const end = Date.now();
    const span = tracer.startSpan(name, { attributes, startTime: end - durationMs });
    if (err !== undefined) {
      span.recordException(err as Error);
      span.setStatus({ code: otel.errorCode });
    }
    span.end(end);
  }

  /**
   * The active span (a request's, while its route runs) as `traceId-spanId-flags`, for work done
   * later on its behalf (a job) to link back to it; undefined when no span is active.
   */
  activeSpanLink(): string | undefined {
    const { otel } = this.parts;
    const span = otel.trace.getSpan(otel.context.active());
    const spanContext = span?.spanContext();
    if (!spanContext || !otel.trace.isSpanContextValid(spanContext)) return undefined;
    return `${spanContext.traceId}-${spanContext.spanId}-${spanContext.traceFlags}`;
  }

  /**
   * Starts the span of work that runs outside any request (a job), a root of its own trace,
   * linked to the span `link` names (from `activeSpanLink()` when the work was asked for).
   */
  startLinked(name: string, attributes: TraceAttributes, link?: string): TraceStep {
    const { otel, tracer } = this.parts;
    const [traceId, spanId, flags] = link?.split('-') ?? [];
    const links =
      traceId && spanId
        ? [{ context: { traceId, spanId, traceFlags: Number(flags) || 0, isRemote: true } }]
        : undefined;
    const span = tracer.startSpan(name, { attributes, links, root: true }, otel.root);
    return new SpanStep(otel, span, otel.root);
  }

  /** Starts a span for one step of the request behind `ctx`, as a child of the request's span. */
  step(ctx: RequestContext, name: string, attributes?: TraceAttributes): TraceStep {
    const { otel, tracer } = this.parts;
    const state = requestStateOf(nodeRequestOf(ctx));
    const parent = (state?.trace as RequestTrace | undefined)?.context ?? otel.context.active();
    const span = tracer.startSpan(name, attributes && { attributes }, parent);
    return new SpanStep(otel, span, parent);
  }
}
