// Everything a production deployment turns on (BENCH_OBSERVE=1): request ids, the access log,
// Prometheus metrics and OpenTelemetry spans recorded by the SDK. Logs go to /dev/null and spans
// to no exporter, so the bench measures what the framework and the libraries cost per request,
// not a disk or a collector.
import type { AppOptions } from '../../dist';

/** The options of the observed bench app; the same app without them is the "everything off" one. */
export function observabilityOptions(): Partial<AppOptions> {
  const { pino } = require('pino') as typeof import('pino');
  const { trace } = require('@opentelemetry/api') as typeof import('@opentelemetry/api');
  const { BasicTracerProvider } =
    require('@opentelemetry/sdk-trace-base') as typeof import('@opentelemetry/sdk-trace-base');
  trace.setGlobalTracerProvider(new BasicTracerProvider());
  return {
    logger: pino(pino.destination({ dest: '/dev/null', sync: false })),
    requestId: true,
    accessLog: true,
    metrics: { defaultMetrics: true },
    tracing: true,
  };
}
