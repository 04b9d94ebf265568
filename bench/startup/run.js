'use strict';
// Cold start-up, spawn to first answer, and resident memory then: the five-route bench
// application on each stack that runs here, then generated applications of 100, 500 and 1,000
// routes (100 controllers at most, two providers per route in Trellis), to show how it grows.
// Usage: node bench/startup/run.js [runs]   (needs `npm run build` and `tsc -p bench`)
// Prints a Markdown table per application; medians of `runs` starts (default 7), with the
// fastest and slowest start, since a shared machine's noise shows in the spread.
const { execFileSync } = require('node:child_process');
const { cpus, loadavg } = require('node:os');
const path = require('node:path');
const { generateApps } = require('./generate-app');
const { benchStacks, measureStacks } = require('./measure');

const SIZES = [
  { routes: 100, controllers: 20, providers: 200 },
  { routes: 500, controllers: 100, providers: 1000 },
  { routes: 1000, controllers: 100, providers: 2000 },
];

function table(title, rows, baseline) {
  const base = rows.find((row) => row.name === baseline)?.startupMs;
  const lines = [
    `### ${title}`,
    '',
    '| stack | start-up median (ms) | fastest - slowest (ms) | vs Fastify | RSS after start (MiB) |',
    '|---|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.label} | ${row.startupMs.toFixed(0)} | ${row.minMs.toFixed(0)} - ${row.maxMs.toFixed(0)} | ${base ? `${(row.startupMs / base).toFixed(2)}x` : ''} | ${row.rssMiB.toFixed(1)} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

async function main() {
  const runs = Number(process.argv[2] ?? 7);
  const sizes = process.env.STARTUP_SIZES ? process.env.STARTUP_SIZES.split(',').map(Number) : SIZES.map((size) => size.routes);
  console.log(
    `Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), load average at start ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}, ${runs} runs per stack, stacks in turn\n`,
  );
  if (!process.env.STARTUP_SKIP_BENCH)
    console.log(table('The bench application (five routes)', await measureStacks(benchStacks(), runs), 'fastify'));
  for (const size of SIZES.filter((each) => sizes.includes(each.routes))) {
    const scripts = generateApps(path.join(__dirname, 'generated', String(size.routes)), size);
    const stacks = [
      { name: 'trellis-express', label: 'Trellis (Express engine)', script: scripts.trellis, env: { BENCH_ENGINE: 'express' } },
      { name: 'trellis-fastify', label: 'Trellis (Fastify engine)', script: scripts.trellis, env: { BENCH_ENGINE: 'fastify' } },
      { name: 'fastify', label: 'Fastify 5 by hand', script: scripts.fastify },
      { name: 'express', label: 'Express 5 by hand', script: scripts.express },
      { name: 'node-http', label: 'node:http by hand', script: scripts['node-http'] },
    ].map((stack) => ({ ...stack, probePath: '/c0/r0/1' }));
    const rows = await measureStacks(stacks, runs);
    console.log(
      table(`${size.routes} routes in ${size.controllers} controllers, ${size.providers} providers (Trellis)`, rows, 'fastify'),
    );
  }
  console.log(`load average at the end ${loadavg().map((value) => value.toFixed(1)).join(' ')}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
