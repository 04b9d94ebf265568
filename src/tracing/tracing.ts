import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as Otel from '@opentelemetry/api';
import { HTTP_STATUS } from '../kernel/errors/catalog';
import { toHttpException } from '../kernel/errors/to-http-exception';
import type { TracingOptions } from '../observability/observability-options';
import {
  nodeRequestOf,
  type RequestSpan,
  type RequestState,
  requestStateOf,
} from '../observability/request-state';
import { loadOptional } from '../optional/load-optional';
import type { RequestContext } from '../routing/request-context';

const SERVER_ERROR = HTTP_STATUS.INTERNAL_SERVER_ERROR;

// A context holding only this key tells whether a context manager carries contexts at all.
const PROBE_KEY = Symbol('trellis.tracing.probe');
// Without a context manager, how many requests pass before looking for one again (an SDK may be
// started after the application).
const PROBE_EVERY = 1024;

// Whether a context manager is registered: without one OpenTelemetry keeps no active context, so
// running code under a span would change nothing. Once found, it is taken to stay.
class ContextManagerProbe {
  private found = false;
  private untilProbe = 0;

  constructor(private readonly api: typeof Otel) {}

  carriesContext(): boolean {
    if (this.found) return true;
    if (this.untilProbe-- > 0) return false;
    this.untilProbe = PROBE_EVERY;
    const { context } = this.api;
    const probe = this.api.ROOT_CONTEXT.setValue(PROBE_KEY, true);
    this.found = context.with(probe, () => context.active() === probe);
    return this.found;
  }
}

// What a traced request carries: its span, the caller's context, and the context that makes the
// span a parent, built only when something runs under it (a context with a span in it, made for
// every request, measured as half the span's own cost again: V8 kept it past young collections).
class RequestTrace implements RequestSpan {
  private spanContext: Otel.Context | undefined = undefined;

  constructor(
    private readonly api: typeof Otel,
    private readonly probe: ContextManagerProbe,
    readonly span: Otel.Span,
    private readonly callerContext: Otel.Context,
  ) {}

  get context(): Otel.Context {
    this.spanContext ??= this.api.trace.setSpan(this.callerContext, this.span);
    return this.spanContext;
  }

  run<A, T>(fn: (arg: A) => T, arg: A): T {
    if (!this.probe.carriesContext()) return fn(arg);
    return this.api.context.with(this.context, fn, undefined, arg);
  }
}

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
    private readonly api: typeof Otel,
    private readonly span: Otel.Span,
    private readonly parent: Otel.Context,
  ) {}

  run<T>(fn: () => T): T {
    return this.api.context.with(this.api.trace.setSpan(this.parent, this.span), fn);
  }

  end(err?: unknown): void {
    const { span } = this;
    if (err !== undefined) {
      const exception = toHttpException(err);
      span.setAttribute('http.response.status_code', exception.statusCode);
      if (exception.statusCode >= SERVER_ERROR) {
        span.recordException((exception.cause ?? exception) as Error);
        span.setStatus({ code: this.api.SpanStatusCode.ERROR });
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
  private readonly api: typeof Otel;
  private readonly tracer: Otel.Tracer;
  private readonly probe: ContextManagerProbe;

  constructor(options: TracingOptions = {}) {
    this.api = loadOptional<typeof Otel>('@opentelemetry/api', 'The tracing option');
    this.tracer = this.api.trace.getTracer(options.tracerName ?? 'trellis');
    this.steps = options.steps ?? false;
    this.probe = new ContextManagerProbe(this.api);
  }

  /** Starts the span of one HTTP request; `requestEnded` ends it. */
  requestStarted(req: IncomingMessage, state: RequestState): void {
    const { api } = this;
    const method = req.method ?? 'GET';
    const url = state.url ?? '/';
    const query = url.indexOf('?');
    const parent = api.propagation.extract(api.ROOT_CONTEXT, req.headers);
    const span = this.tracer.startSpan(
      method,
      {
        kind: api.SpanKind.SERVER,
        attributes: {
          'http.request.method': method,
          'url.path': query === -1 ? url : url.slice(0, query),
          'trellis.request_id': state.id,
        },
      },
      parent,
    );
    state.trace = new RequestTrace(api, this.probe, span, parent);
  }

  /** Ends the span of one HTTP request, named by its route once known. */
  requestEnded(req: IncomingMessage, res: ServerResponse, state: RequestState): void {
    const trace = state.trace as RequestTrace | undefined;
    if (!trace) return;
    const { span } = trace;
    if (state.route) {
      span.updateName(`${req.method} ${state.route}`);
      span.setAttribute('http.route', state.route);
    }
    span.setAttribute('http.response.status_code', res.statusCode);
    if (res.statusCode >= SERVER_ERROR) span.setStatus({ code: this.api.SpanStatusCode.ERROR });
    span.end();
  }

  /**
   * Records a step that already ended (a database query) as a span of `durationMs` ending now,
   * a child of the active span.
   */
  finishedSpan(name: string, durationMs: number, attributes?: TraceAttributes, err?: unknown): void {
    const end = Date.now();
    const span = this.tracer.startSpan(name, { attributes, startTime: end - durationMs });
    if (err !== undefined) {
      span.recordException(err as Error);
      span.setStatus({ code: this.api.SpanStatusCode.ERROR });
    }
    span.end(end);
  }

  /** Starts a span for one step of the request behind `ctx`, as a child of the request's span. */
  step(ctx: RequestContext, name: string, attributes?: TraceAttributes): TraceStep {
    const { api } = this;
    const state = requestStateOf(nodeRequestOf(ctx));
    const parent = (state?.trace as RequestTrace | undefined)?.context ?? api.context.active();
    const span = this.tracer.startSpan(name, attributes && { attributes }, parent);
    return new SpanStep(api, span, parent);
  }
}
