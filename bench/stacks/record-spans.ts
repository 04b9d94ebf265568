// Spans recorded by the OpenTelemetry SDK and sent nowhere: what every traced bench stack
// registers, so each measures what making spans costs, not an exporter or a collector.

/** Registers a `BasicTracerProvider` without exporter as the global tracer provider. */
export function recordSpans(): void {
  const { trace } = require('@opentelemetry/api') as typeof import('@opentelemetry/api');
  const { BasicTracerProvider } =
    require('@opentelemetry/sdk-trace-base') as typeof import('@opentelemetry/sdk-trace-base');
  trace.setGlobalTracerProvider(new BasicTracerProvider());
}
