/** One span of a request, as the page shows it. */
export interface LoggedSpan {
  name: string;
  spanId: string;
  parentSpanId?: string;
  /** Milliseconds after the request began. */
  startMs: number;
  durationMs: number;
  failed: boolean;
}

/** One answered request, as the page lists it. */
export interface LoggedRequest {
  /** When it arrived, ISO 8601. */
  at: string;
  method: string;
  url: string;
  /** The route that served it, once known (`/tasks/:id`). */
  route?: string;
  status: number;
  durationMs: number;
  /** The spans of its trace, when tracing is on. */
  spans?: LoggedSpan[];
}

/** A span as the SDK's `ReadableSpan` gives it, read without depending on the SDK's types. */
export interface EndedSpan {
  name: string;
  spanContext(): { traceId: string; spanId: string };
  parentSpanContext?: { spanId: string };
  parentSpanId?: string;
  startTime?: [number, number];
  duration?: [number, number];
  status?: { code: number };
  attributes?: Record<string, unknown>;
}

// The request span carries the request's id, which is how a request finds its trace.
const REQUEST_ID_ATTRIBUTE = 'trellis.request_id';

const ERROR_STATUS = 2;
const toMs = (time: [number, number]) => time[0] * 1000 + time[1] / 1e6;

/** The latest requests and the spans of their traces, each kept in a ring of fixed size. */
export class RequestLog {
  private readonly requests: { request: LoggedRequest; id?: string }[] = [];
  private readonly spans = new Map<string, EndedSpan[]>();
  private readonly traces = new Map<string, string>();

  constructor(private readonly size: number) {}

  /** Keeps `request` (its id finds its trace), forgetting the oldest once full. */
  add(request: LoggedRequest, id?: string): void {
    this.requests.push({ request, id });
    if (this.requests.length > this.size) this.requests.shift();
  }

  /** Keeps an ended span under its trace; both maps stay bounded, whichever requests claim them. */
  addSpan(span: EndedSpan): void {
    const { traceId } = span.spanContext();
    const requestId = span.attributes?.[REQUEST_ID_ATTRIBUTE];
    if (typeof requestId === 'string') bounded(this.traces, this.size * 2).set(requestId, traceId);
    const spans = this.spans.get(traceId) ?? [];
    if (spans.length === 0) bounded(this.spans, this.size * 2).set(traceId, spans);
    spans.push(span);
  }

  /** The kept requests, newest first, each with its trace's spans when tracing is on. */
  list(): LoggedRequest[] {
    return this.requests
      .map(({ request, id }) => {
        const traceId = id === undefined ? undefined : this.traces.get(id);
        return traceId ? { ...request, spans: this.spansOf(request, traceId) } : request;
      })
      .reverse();
  }

  private spansOf(request: LoggedRequest, traceId: string): LoggedSpan[] {
    const begun = Date.parse(request.at);
    return (this.spans.get(traceId) ?? []).map((span) => {
      const logged: LoggedSpan = {
        name: span.name,
        spanId: span.spanContext().spanId,
        startMs: span.startTime ? Math.max(0, toMs(span.startTime) - begun) : 0,
        durationMs: span.duration ? toMs(span.duration) : 0,
        failed: span.status?.code === ERROR_STATUS,
      };
      const parent = span.parentSpanContext?.spanId ?? span.parentSpanId;
      if (parent) logged.parentSpanId = parent;
      return logged;
    });
  }
}

// The map, its oldest entry forgotten when it holds `size` already.
function bounded<K, V>(map: Map<K, V>, size: number): Map<K, V> {
  if (map.size >= size) map.delete(map.keys().next().value as K);
  return map;
}
