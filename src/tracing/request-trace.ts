import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as Otel from '@opentelemetry/api';
import { HTTP_STATUS } from '../kernel';
import type { RequestSpan, RequestState } from '../observability/request-state';
import { pathOfUrl } from '../routing';
import type { ContextManagerProbe } from './context-manager-probe';
import type { OtelParts } from './otel-parts';
import type { SpanBatch } from './span-batch';

const SERVER_ERROR = HTTP_STATUS.INTERNAL_SERVER_ERROR;

/** What every request's trace shares, made once with the `Tracing` that owns them. */
export interface RequestTraceParts {
  readonly otel: OtelParts;
  readonly tracer: Otel.Tracer;
  readonly probe: ContextManagerProbe;
  readonly batch: SpanBatch;
}

/**
 * The span of one HTTP request (continuing the caller's trace), made by the SDK only when
 * something needs it while the request runs: a child span asks for its context, or the
 * application reads or changes the active span, which is this object. Otherwise it is made once
 * the request is answered, with the rest of the event loop's turn (`SpanBatch`), from its arrival
 * to its answer. Either way it is the same span: same name, kind, attributes, times and parent.
 */
export class RequestTrace implements RequestSpan, Otel.Span {
  private made: Otel.Span | undefined = undefined;
  private spanContextOf: Otel.Context | undefined = undefined;
  private readonly callerContext: Otel.Context;
  // Copies, not the request or its state: the context that holds this object is kept by whatever
  // the request started (timers, promises, sockets' callbacks), and with it all this one holds.
  private readonly method: string;
  private readonly path: string;
  private readonly id: string;
  private readonly start: number;
  private route: string | undefined = undefined;

  constructor(
    private readonly parts: RequestTraceParts,
    req: IncomingMessage,
    state: RequestState,
  ) {
    const { otel } = parts;
    this.callerContext = otel.propagation.extract(otel.root, req.headers);
    this.method = req.method ?? 'GET';
    this.path = pathOfUrl(state.url ?? '/');
    this.id = state.id;
    this.start = state.start;
  }

  /** The context that makes the request's span a parent. */
  get context(): Otel.Context {
    this.spanContextOf ??= this.parts.otel.trace.setSpan(this.callerContext, this);
    return this.spanContextOf;
  }

  run<A, T>(route: string, fn: (arg: A) => T, arg: A): T {
    this.route = route;
    if (!this.parts.probe.carriesContext()) return fn(arg);
    return this.parts.otel.context.with(this.context, fn, undefined, arg);
  }

  /** Ends the span at `endTime`, named by its route once known, with the answer's status. */
  answered(res: ServerResponse, route: string | undefined, endTime: number): void {
    const status = res.statusCode;
    const failed = status >= SERVER_ERROR ? { code: this.parts.otel.errorCode } : undefined;
    const { made } = this;
    if (made === undefined) {
      const attributes = this.attributes(route);
      attributes['http.response.status_code'] = status;
      const options = this.options(attributes);
      this.parts.batch.add({
        name: this.name(route),
        options,
        parent: this.callerContext,
        status: failed,
        endTime,
      });
      return;
    }
    if (route) {
      made.updateName(this.name(route));
      made.setAttribute('http.route', route);
    }
    made.setAttribute('http.response.status_code', status);
    if (failed) made.setStatus(failed);
    made.end(endTime);
  }

  // The span, made now if nothing made it yet: what the application does with the active span
  // goes to it.
  private span(): Otel.Span {
    const { route } = this;
    this.made ??= this.parts.tracer.startSpan(
      this.name(route),
      this.options(this.attributes(route)),
      this.callerContext,
    );
    return this.made;
  }

  private name(route: string | undefined): string {
    return route ? `${this.method} ${route}` : this.method;
  }

  private attributes(route: string | undefined): Otel.Attributes {
    const attributes: Otel.Attributes = {
      'http.request.method': this.method,
      'url.path': this.path,
      'trellis.request_id': this.id,
    };
    if (route) attributes['http.route'] = route;
    return attributes;
  }

  private options(attributes: Otel.Attributes): Otel.SpanOptions {
    return { kind: this.parts.otel.serverKind, startTime: this.start, attributes };
  }

  // The span interface: the application's view of the active span while the request runs.
  spanContext(): Otel.SpanContext {
    return this.span().spanContext();
  }
  setAttribute(key: string, value: Otel.AttributeValue): this {
    this.span().setAttribute(key, value);
    return this;
  }
  setAttributes(attributes: Otel.Attributes): this {
    this.span().setAttributes(attributes);
    return this;
  }
  addEvent(
    name: string,
    attributesOrStartTime?: Otel.Attributes | Otel.TimeInput,
    startTime?: Otel.TimeInput,
  ): this {
    this.span().addEvent(name, attributesOrStartTime, startTime);
    return this;
  }
  addLink(link: Otel.Link): this {
    this.span().addLink(link);
    return this;
  }
  addLinks(links: Otel.Link[]): this {
    this.span().addLinks(links);
    return this;
  }
  setStatus(status: Otel.SpanStatus): this {
    this.span().setStatus(status);
    return this;
  }
  updateName(name: string): this {
    this.span().updateName(name);
    return this;
  }
  end(endTime?: Otel.TimeInput): void {
    this.span().end(endTime);
  }
  isRecording(): boolean {
    return this.span().isRecording();
  }
  recordException(exception: Otel.Exception, time?: Otel.TimeInput): void {
    this.span().recordException(exception, time);
  }
}
