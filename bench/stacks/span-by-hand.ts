// One server span per request made by hand through the OpenTelemetry SDK, as Trellis makes its
// own: the same name, kind and attributes, the route and status set when the answer ends. Wrapped
// around the bare node:http server (BENCH_TRACE=1), it shows what the SDK's span costs on the
// floor, before any framework; around the observer in bench/micro, what it costs in process.
import type { IncomingMessage, ServerResponse } from 'node:http';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * `handle` with a server span around each request, through the global tracer provider; `routeOf`
 * names a request's route template.
 */
export function withSpanByHand(handle: Handler, routeOf: (method: string, url: string) => string): Handler {
  const api = require('@opentelemetry/api') as typeof import('@opentelemetry/api');
  const tracer = api.trace.getTracer('by-hand');
  return (req, res) => {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const span = tracer.startSpan(
      method,
      {
        kind: api.SpanKind.SERVER,
        attributes: {
          'http.request.method': method,
          'url.path': query === -1 ? url : url.slice(0, query),
          'trellis.request_id': 'by-hand',
        },
      },
      api.propagation.extract(api.ROOT_CONTEXT, req.headers),
    );
    res.once('close', () => {
      const route = routeOf(method, url);
      span.updateName(`${method} ${route}`);
      span.setAttribute('http.route', route);
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
      span.end();
    });
    handle(req, res);
  };
}
