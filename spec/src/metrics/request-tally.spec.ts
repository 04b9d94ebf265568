import { expect } from 'chai';
import { Counter, Histogram, Registry } from 'prom-client';
import { RequestTally } from '../../../src/metrics/request-tally';

const BOUNDS = [0.005, 0.01, 0.1, 1];
const COUNTER = { name: 'http_requests_total', help: 'HTTP requests answered' };
const HISTOGRAM = { name: 'http_request_duration_seconds', help: 'Request durations' };

// The same requests, recorded once by prom-client's own counter and histogram and once by the
// tally, in registries of their own.
const REQUESTS: [string, string, number, number][] = [
  ['GET', '/hello', 200, 0.003],
  ['GET', '/hello', 200, 0.005],
  ['GET', '/hello', 200, 0.2],
  ['POST', '/tasks', 201, 0.0101],
  ['GET', '/tasks/:id', 404, 3],
  ['GET', '(unmatched)', 404, 0.01],
  ['GET', '/hello', 500, 0.5],
];

function byPromClient(contentType?: string): Registry {
  const registry = new Registry();
  if (contentType) registry.setContentType(contentType as never);
  const labelNames = ['method', 'route', 'status_code'];
  const counter = new Counter({ ...COUNTER, labelNames, registers: [registry] });
  const histogram = new Histogram({ ...HISTOGRAM, labelNames, buckets: BOUNDS, registers: [registry] });
  for (const [method, route, status, seconds] of REQUESTS) {
    const labels = { method, route, status_code: String(status) };
    counter.inc(labels);
    histogram.observe(labels, seconds);
  }
  return registry;
}

function byTally(contentType?: string): { registry: Registry; tally: RequestTally } {
  const registry = new Registry();
  if (contentType) registry.setContentType(contentType as never);
  const tally = new RequestTally(BOUNDS);
  tally.register(registry, COUNTER, HISTOGRAM);
  for (const [method, route, status, seconds] of REQUESTS) tally.record(method, route, status, seconds);
  return { registry, tally };
}

describe('RequestTally', () => {
  it("exports, line for line, what prom-client's counter and histogram export for the same requests", async () => {
    const expected = await byPromClient().metrics();
    expect(expected).to.include('http_request_duration_seconds_bucket{le="0.01",method="POST"');
    expect(await byTally().registry.metrics()).to.equal(expected);
  });

  it('exports the same in the OpenMetrics format and as JSON', async () => {
    const open = Registry.OPENMETRICS_CONTENT_TYPE;
    expect(await byTally(open).registry.metrics()).to.equal(await byPromClient(open).metrics());
    expect(await byTally().registry.getMetricsAsJSON()).to.deep.equal(
      await byPromClient().getMetricsAsJSON(),
    );
  });

  it('starts again from nothing when the registry resets its metrics', async () => {
    const { registry, tally } = byTally();
    registry.resetMetrics();
    tally.record('GET', '/hello', 200, 0.02);
    const text = await registry.metrics();
    expect(text).to.match(/^http_requests_total\{method="GET",route="\/hello",status_code="200"\} 1$/m);
    expect(text).not.to.include('/tasks');
  });
});
