import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as Otel from '@opentelemetry/api';
import { HTTP_STATUS } from '../kernel/errors/catalog';
import type { RequestSpan, RequestState } from '../observability/request-state';
import type { ContextManagerProbe } from './context-manager-probe';
import type { OtelParts } from './otel-parts';

const SERVER_ERROR = HTTP_STATUS.INTERNAL_SERVER_ERROR;

/**
 * The span of one HTTP request, started at its arrival (continuing the caller's trace), with the
 * context that makes it a parent built only when something runs under it: a context with a span
 * in it, made for every request, measured as half the span's own cost again (V8 kept it past
 * young collections).
 */
export class RequestTrace implements RequestSpan {
  private spanContext: Otel.Context | undefined = undefined;
  private readonly span: Otel.Span;
  private readonly callerContext: Otel.Context;

  constructor(
    private readonly otel: OtelParts,
    tracer: Otel.Tracer,
    private readonly probe: ContextManagerProbe,
    req: IncomingMessage,
    state: RequestState,
  ) {
    const method = req.method ?? 'GET';
    const url = state.url ?? '/';
    const query = url.indexOf('?');
    this.callerContext = otel.propagation.extract(otel.root, req.headers);
    this.span = tracer.startSpan(
      method,
      {
        kind: otel.serverKind,
        attributes: {
          'http.request.method': method,
          'url.path': query === -1 ? url : url.slice(0, query),
          'trellis.request_id': state.id,
        },
      },
      this.callerContext,
    );
  }

  /** The context that makes the request's span a parent. */
  get context(): Otel.Context {
    this.spanContext ??= this.otel.trace.setSpan(this.callerContext, this.span);
    return this.spanContext;
  }

  run<A, T>(fn: (arg: A) => T, arg: A): T {
    if (!this.probe.carriesContext()) return fn(arg);
    return this.otel.context.with(this.context, fn, undefined, arg);
  }

  /** Ends the span, named by its route once known, with the answer's status. */
  end(req: IncomingMessage, res: ServerResponse, route: string | undefined): void {
    const { span } = this;
    if (route) {
      span.updateName(`${req.method} ${route}`);
      span.setAttribute('http.route', route);
    }
    span.setAttribute('http.response.status_code', res.statusCode);
    if (res.statusCode >= SERVER_ERROR) span.setStatus({ code: this.otel.errorCode });
    span.end();
  }
}
