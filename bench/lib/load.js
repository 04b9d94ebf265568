'use strict';
// One autocannon run, in its own process (the orchestrator pins it to the load core): reads its
// options as JSON from argv[2], prints one JSON summary line on stdout. Without autocannon
// installed (BENCH_LOADGEN=raw forces it), lib/raw-load.js drives the same load.
const { freshTokens } = require('./token');
const { rawLoad } = require('./raw-load');

function loadAutocannon() {
  if (process.env.BENCH_LOADGEN === 'raw') return undefined;
  try {
    return require('autocannon');
  } catch {
    return undefined;
  }
}
const autocannon = loadAutocannon();

const { freshTokens: tokenCount, ...options } = JSON.parse(process.argv[2]);

/**
 * With `freshTokens: n`, the connections share n distinct bearer tokens out between them, each
 * cycling through its own slice; the requests are built once, so the load costs what a fixed
 * token costs (autocannon's setupRequest would rebuild every request and slow the load instead).
 */
function withFreshTokens(count) {
  if (!count) return {};
  const tokens = freshTokens(count);
  const perClient = Math.ceil(count / options.connections);
  let clients = 0;
  const setupClient = (client) => {
    const start = (clients++ * perClient) % count;
    const slice = tokens.slice(start, start + perClient);
    client.setRequests(slice.map((token) => ({ headers: { ...options.headers, authorization: `Bearer ${token}` } })));
  };
  return { setupClient };
}

function runAutocannon() {
  autocannon({ ...options, ...withFreshTokens(tokenCount) }, (err, result) => {
    if (err) {
      process.stdout.write(`${JSON.stringify({ error: String(err) })}\n`);
      process.exitCode = 1;
      return;
    }
    const summary = {
      requests: result.requests.total,
      rps: result.requests.average,
      durationSec: result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
    };
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  });
}

if (autocannon) runAutocannon();
else {
  const tokens = tokenCount ? freshTokens(tokenCount) : undefined;
  rawLoad({ ...options, tokens }).then((summary) => process.stdout.write(`${JSON.stringify(summary)}\n`));
}
