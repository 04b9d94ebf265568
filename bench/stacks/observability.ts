// What a production deployment turns on: request ids, the access log and Prometheus metrics
// (BENCH_OBSERVE=1), and OpenTelemetry spans recorded by the SDK besides (BENCH_OBSERVE=trace), also
// with the context manager NodeSDK registers (BENCH_OBSERVE=trace-context).
// Logs go through Trellis's default logger to stdout, which the bench sends to /dev/null (as it
// does hand-written Fastify's `logger: true`), and spans to no exporter, so the bench measures
// what the framework and the libraries cost per request, not a disk or a collector.
import type { AppOptions } from '../../dist';
import { recordSpans } from './record-spans';

/** The options of the observed bench app; the same app without them is the "everything off" one. */
export function observabilityOptions(traced: boolean, withContext = false): Partial<AppOptions> {
  const { context } = require('@opentelemetry/api') as typeof import('@opentelemetry/api');
  if (traced) recordSpans();
  if (withContext) {
    const { AsyncLocalStorageContextManager } =
      require('@opentelemetry/context-async-hooks') as typeof import('@opentelemetry/context-async-hooks');
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  }
  return {
    requestId: true,
    accessLog: true,
    metrics: { defaultMetrics: true },
    tracing: traced,
  };
}
