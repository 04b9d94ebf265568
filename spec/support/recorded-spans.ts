import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';

/** What `recordSpans` registers besides the tracer provider, as an SDK's start-up would. */
export interface RecordedSpansOptions {
  /** W3C trace-context propagation (`traceparent`). */
  propagation?: boolean;
  /** The async context manager `NodeSDK.start()` registers. */
  contextManager?: boolean;
}

/**
 * Records the spans of the enclosing `describe` block in memory: a global tracer provider
 * registered before its tests and removed after them, the exporter emptied before each test.
 */
export function recordSpans(
  options: RecordedSpansOptions = {},
  exporter = new InMemorySpanExporter(),
): InMemorySpanExporter {
  let manager: AsyncLocalStorageContextManager | undefined;
  before(() => {
    if (options.contextManager) {
      manager = new AsyncLocalStorageContextManager().enable();
      context.setGlobalContextManager(manager);
    }
    trace.setGlobalTracerProvider(
      new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
    );
    if (options.propagation) propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  });
  after(() => {
    trace.disable();
    if (options.propagation) propagation.disable();
    if (manager) {
      context.disable();
      manager.disable();
    }
  });
  beforeEach(() => exporter.reset());
  return exporter;
}
