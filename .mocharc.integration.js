// The integration run of `npm test` (see spec/support/spec-runs.ts for how specs are split).
// TRELLIS_SPEC_SHARD=k/n keeps every n-th spec file from the k-th (scripts/run-tests.js runs the
// shards side by side).
const base = require('./.mocharc.json');
const { specRuns, shardOf } = require('./dist/spec/support/spec-runs.js');

module.exports = { ...base, spec: shardOf(specRuns().integration, process.env.TRELLIS_SPEC_SHARD) };
