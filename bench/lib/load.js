'use strict';
// One autocannon run, in its own process (the orchestrator pins it to the load core): reads its
// options as JSON from argv[2], prints one JSON summary line on stdout.
const autocannon = require('autocannon');

const options = JSON.parse(process.argv[2]);

autocannon({ ...options, setupClient: undefined }, (err, result) => {
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
