import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type * as Otel from '@opentelemetry/api';
import { HTTP_STATUS } from '../kernel/errors/catalog';
import type { RequestSpan, RequestState } from '../observability/request-state';
import type { ContextManagerProbe, OtelParts } from './otel-parts';

const SERVER_ERROR = HTTP_STATUS.INTERNAL_SERVER_ERROR;

/**
 * The span of one HTTP request, started only when something needs it: code run under it (a
 * context manager is registered), a step or resolver span, or else the request's end, when it is
 * made whole at once. Its start time is the request's arrival either way. A span kept from the
 * arrival lived through the young collections of a busy server and was copied into the old
 * generation with its attributes and ids: made at the end, it never is.
 */
export class RequestTrace implements RequestSpan {
  private span: Otel.Span | undefined = undefined;
  private named = false;
  private spanContext: Otel.Context | undefined = undefined;
  private parent: Otel.Context | undefined = undefined;

  constructor(
    private readonly otel: OtelParts,
    private readonly tracer: Otel.Tracer,
    private readonly probe: ContextManagerProbe,
    private readonly req: IncomingMessage,
    private readonly state: RequestState,
  ) {}

  /** The context that makes the request's span a parent, starting the span if need be. */
  get context(): Otel.Context {
    this.spanContext ??= this.otel.trace.setSpan(this.callerContext(), this.started());
    return this.spanContext;
  }

  run<A, T>(fn: (arg: A) => T, arg: A): T {
    if (!this.probe.carriesContext()) return fn(arg);
    return this.otel.context.with(this.context, fn, undefined, arg);
  }

  /** Ends the span, named by its route once known, with the answer's status. */
  end(res: ServerResponse): void {
    const { statusCode } = res;
    const { route } = this.state;
    let span = this.span;
    if (span === undefined) {
      span = this.started(statusCode);
    } else {
      if (!this.named && route) {
        span.updateName(`${this.req.method} ${route}`);
        span.setAttribute('http.route', route);
      }
      span.setAttribute('http.response.status_code', statusCode);
    }
    if (statusCode >= SERVER_ERROR) span.setStatus({ code: this.otel.errorCode });
    span.end(performance.now());
  }

  // The caller's context, from `traceparent` and the like; read once.
  private callerContext(): Otel.Context {
    this.parent ??= this.otel.propagation.extract(this.otel.root, this.req.headers);
    return this.parent;
  }

  // Starts the span with what is known so far, so that samplers see it (the route, the status
  // when made at the end).
  private started(statusCode?: number): Otel.Span {
    if (this.span) return this.span;
    const { req, state } = this;
    const method = req.method ?? 'GET';
    const url = state.url ?? '/';
    const query = url.indexOf('?');
    const attributes: Otel.Attributes = {
      'http.request.method': method,
      'url.path': query === -1 ? url : url.slice(0, query),
      'trellis.request_id': state.id,
    };
    const { route } = state;
    if (route) attributes['http.route'] = route;
    if (statusCode !== undefined) attributes['http.response.status_code'] = statusCode;
    this.named = Boolean(route);
    this.span = this.tracer.startSpan(
      route ? `${method} ${route}` : method,
      { kind: this.otel.serverKind, attributes, startTime: state.start },
      this.callerContext(),
    );
    return this.span;
  }
}
