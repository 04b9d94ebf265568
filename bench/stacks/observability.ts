// What a production deployment turns on: request ids, the access log and Prometheus metrics
// (BENCH_OBSERVE=1), and OpenTelemetry spans recorded by the SDK besides (BENCH_OBSERVE=trace).
// Logs go to /dev/null through the destination Trellis's default logger writes stdout with
// (src/logging/logger.ts: asynchronous, in 4 KiB batches), and spans to no exporter, so the bench
// measures what the framework and the libraries cost per request, not a disk or a collector.
import type { AppOptions } from '../../dist';

/** The options of the observed bench app; the same app without them is the "everything off" one. */
export function observabilityOptions(traced: boolean): Partial<AppOptions> {
  const { pino } = require('pino') as typeof import('pino');
  const { trace } = require('@opentelemetry/api') as typeof import('@opentelemetry/api');
  const { BasicTracerProvider } =
    require('@opentelemetry/sdk-trace-base') as typeof import('@opentelemetry/sdk-trace-base');
  if (traced) trace.setGlobalTracerProvider(new BasicTracerProvider());
  return {
    logger: pino(
      { name: 'trellis', level: 'info' },
      pino.destination({ dest: '/dev/null', sync: false, minLength: 4096, periodicFlush: 200 }),
    ),
    requestId: true,
    accessLog: true,
    metrics: { defaultMetrics: true },
    tracing: traced,
  };
}
