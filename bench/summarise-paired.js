'use strict';
// Prints the paired section (machine, paired CPU ratios, per-route tables) of a results file of
// run.js, as markdown: what a run with BENCH_NO_REPORT=1 or in the bundle measured.
//
//   node bench/summarise-paired.js bench/results/trial.json
const { readFileSync } = require('node:fs');
const { renderPaired } = require('./lib/report');

process.stdout.write(`${renderPaired(JSON.parse(readFileSync(process.argv[2], 'utf8')))}\n`);
