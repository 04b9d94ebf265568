import type * as Otel from '@opentelemetry/api';

/**
 * The parts of @opentelemetry/api a request uses, read once: the package exports each one through
 * a getter, and every read (several per request) called it again.
 */
export interface OtelParts {
  readonly context: Otel.ContextAPI;
  readonly trace: Otel.TraceAPI;
  readonly propagation: Otel.PropagationAPI;
  readonly root: Otel.Context;
  readonly serverKind: Otel.SpanKind;
  readonly errorCode: Otel.SpanStatusCode;
  readonly diag: Otel.DiagAPI;
}

/** Reads the parts a request uses from the loaded API. */
export function otelParts(api: typeof Otel): OtelParts {
  return {
    context: api.context,
    trace: api.trace,
    propagation: api.propagation,
    root: api.ROOT_CONTEXT,
    serverKind: api.SpanKind.SERVER,
    errorCode: api.SpanStatusCode.ERROR,
    diag: api.diag,
  };
}
