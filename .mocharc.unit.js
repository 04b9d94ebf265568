// The unit run of `npm test` (see spec/support/spec-runs.ts for how specs are split).
const base = require('./.mocharc.json');
const { specRuns } = require('./dist/spec/support/spec-runs.js');

module.exports = { ...base, spec: specRuns().unit };
