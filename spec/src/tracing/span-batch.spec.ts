import { performance } from 'node:perf_hooks';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
  type Span,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { expect } from 'chai';
import { SpanBatch } from '../../../src/tracing/span-batch';

// A span processor that breaks on spans named 'broken', as a faulty exporter's might.
const breaksOnBroken: SpanProcessor = {
  onStart(span: Span) {
    if (span.name === 'broken') throw new Error('processor broke');
  },
  onEnd() {},
  forceFlush: () => Promise.resolve(),
  shutdown: () => Promise.resolve(),
};

function batchWithExporter() {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({
    spanProcessors: [breaksOnBroken, new SimpleSpanProcessor(exporter)],
  });
  const reported: unknown[] = [];
  const batch = new SpanBatch(provider.getTracer('spec'), (err) => reported.push(err));
  return { exporter, batch, reported };
}

function durationMs(span: ReadableSpan): number {
  return span.duration[0] * 1e3 + span.duration[1] / 1e6;
}

describe('SpanBatch', () => {
  it('makes the spans of answered requests after the turn of the event loop, with their own times', async () => {
    const { exporter, batch } = batchWithExporter();
    const start = performance.now() - 25;
    for (const name of ['GET /a', 'GET /b']) {
      const attributes = { 'http.route': name.slice(4), 'http.response.status_code': 200 };
      batch.add({
        name,
        options: { kind: SpanKind.SERVER, startTime: start, attributes },
        parent: ROOT_CONTEXT,
        endTime: start + 20,
      });
    }
    expect(exporter.getFinishedSpans()).to.deep.equal([]);
    await new Promise((resolve) => setImmediate(resolve));
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.name)).to.deep.equal(['GET /a', 'GET /b']);
    for (const span of spans) {
      expect(span.kind).to.equal(SpanKind.SERVER);
      expect(span.attributes['http.response.status_code']).to.equal(200);
      expect(durationMs(span)).to.be.closeTo(20, 0.01);
      const startedMs = span.startTime[0] * 1e3 + span.startTime[1] / 1e6;
      // The SDK turns performance times into epoch times through its own anchored clock, which can
      // sit a millisecond or two from performance.timeOrigin; the span made now would start 25 ms later.
      expect(startedMs).to.be.closeTo(performance.timeOrigin + start, 5);
    }
  });

  it('makes them at once when flushed (the app closing)', () => {
    const { exporter, batch } = batchWithExporter();
    const now = performance.now();
    batch.add({ name: 'GET /c', options: { startTime: now - 5 }, parent: ROOT_CONTEXT, endTime: now });
    batch.flush();
    expect(exporter.getFinishedSpans().map((span) => span.name)).to.deep.equal(['GET /c']);
  });

  it("gives a failed request's span its error status, and the others none", () => {
    const { exporter, batch } = batchWithExporter();
    const now = performance.now();
    const error = { code: SpanStatusCode.ERROR };
    batch.add({ name: 'GET /failed', options: {}, parent: ROOT_CONTEXT, status: error, endTime: now });
    batch.add({ name: 'GET /fine', options: {}, parent: ROOT_CONTEXT, endTime: now });
    batch.flush();
    const statuses = exporter.getFinishedSpans().map((span) => [span.name, span.status.code]);
    expect(statuses).to.deep.equal([
      ['GET /failed', SpanStatusCode.ERROR],
      ['GET /fine', SpanStatusCode.UNSET],
    ]);
  });

  it('reports a span the SDK fails to make and still makes the others', () => {
    const { exporter, batch, reported } = batchWithExporter();
    const now = performance.now();
    for (const name of ['GET /before', 'broken', 'GET /after']) {
      batch.add({ name, options: { startTime: now - 1 }, parent: ROOT_CONTEXT, endTime: now });
    }
    batch.flush();
    expect(exporter.getFinishedSpans().map((span) => span.name)).to.deep.equal(['GET /before', 'GET /after']);
    expect(reported.map((err) => (err as Error).message)).to.deep.equal(['processor broke']);
  });
});
