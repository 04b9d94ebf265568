import type { Level } from 'pino';

/** The access log: one structured line per request. */
export interface AccessLogOptions {
  /** Level of the lines of answers below 500 (5xx are always logged at `error`); default `'info'`. */
  level?: Level;
  /** Share of the answers below 500 that are logged, from 0 to 1; default 1 (every one). */
  sampleRate?: number;
}

/** Prometheus metrics (prom-client). */
export interface MetricsOptions {
  /**
   * When set, `listen()` also serves the metrics on this port (0 = ephemeral), never on the
   * application's own; without it, read them with `app.metrics.text()`.
   */
  port?: number;
  /** Where the metrics server listens; default `127.0.0.1`. */
  host?: string;
  /** The path of the metrics on that server; default `/metrics`. */
  path?: string;
  /** Process metrics (CPU, memory, event loop lag) from prom-client; default on. */
  defaultMetrics?: boolean;
  /** Bounds of the `http_request_duration_seconds` buckets, in seconds. */
  buckets?: number[];
}

/** OpenTelemetry spans through `@opentelemetry/api` (a peer dependency to install). */
export interface TracingOptions {
  /** The tracer's name; default `'trellis'`. */
  tracerName?: string;
  /** A span for each route's guards and one for its handler, besides the request's; default off. */
  steps?: boolean;
}

/** Request ids, access log, metrics and traces; each off unless asked for. */
export interface ObservabilityOptions {
  /** `X-Request-Id` on every answer (taken from the request when well-formed) and `reqId` in logs. */
  requestId?: boolean;
  /** One line per request (pino-http's shape, through the application's logger); turns request ids on. */
  accessLog?: boolean | AccessLogOptions;
  /** Prometheus metrics (prom-client), in a registry of the app's own; `{ port }` serves them apart. */
  metrics?: boolean | MetricsOptions;
  /** A span for each request and each GraphQL resolver (and with `steps`, each route's guards and handler). */
  tracing?: boolean | TracingOptions;
}
