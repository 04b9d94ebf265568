'use strict';
// Writes the results section of BENCHMARKS.md (and of README.md, where it has the markers).
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { ROOT_DIR } = require('./environment');

const START = '<!-- bench-results:start -->';
const END = '<!-- bench-results:end -->';
const PAIRED_START = '<!-- bench-paired:start -->';
const PAIRED_END = '<!-- bench-paired:end -->';
const SUMMARY_START = '<!-- bench-summary:start -->';
const SUMMARY_END = '<!-- bench-summary:end -->';

const num = (value, digits = 0) =>
  Number.isFinite(value) ? value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : 'n/a';

function routeTable(results, route) {
  const { stacks } = results.summary;
  const lines = [
    `#### ${route.label}`,
    '',
    '| Stack | req/s | × Express 5 | p50 ms | p99 ms | CPU µs/req |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const [name, stack] of Object.entries(results.stacks)) {
    const figures = stacks[name]?.routes[route.name];
    if (!figures) {
      // A stack that does not serve the route (the same-headers Trellis serves two) is n/a.
      const served = !stack.served || stack.served.includes(route.name);
      lines.push(`| ${stack.label} | ${served ? 'failed' : 'n/a'} | | | | |`);
      continue;
    }
    const flag = figures.mismatch ? ' ⚠ wrong answer' : figures.bad > 0 ? ` ⚠ ${figures.bad} errors` : '';
    lines.push(
      `| ${stack.label}${flag} | ${num(figures.rps)} | ${num(figures.ratio, 2)} | ${num(figures.p50, 1)} | ` +
        `${num(figures.p99, 1)} | ${num(figures.cpuUsPerReq, 1)} |`,
    );
  }
  return lines.join('\n');
}

function overviewTable(results) {
  const { stacks } = results.summary;
  const routes = results.routes;
  const lines = [
    `| Stack | ${routes.map((route) => route.label).join(' | ')} | Start-up ms | RSS idle / loaded MiB |`,
    `|---|${routes.map(() => '---:').join('|')}|---:|---:|`,
  ];
  for (const [name, stack] of Object.entries(results.stacks)) {
    const summary = stacks[name];
    if (!summary) {
      lines.push(`| ${stack.label} | ${routes.map(() => 'failed').join(' | ')} | | |`);
      continue;
    }
    const cells = routes.map((route) => {
      const figures = summary.routes[route.name];
      return figures ? `${num(figures.rps)} (${num(figures.ratio, 2)}×)` : 'n/a';
    });
    lines.push(
      `| ${stack.label} | ${cells.join(' | ')} | ${num(summary.startupMs)} | ` +
        `${num(summary.idleRssMiB, 1)} / ${num(summary.loadedRssMiB, 1)} |`,
    );
  }
  return lines.join('\n');
}

function eventLoopSection(results) {
  if (!results.eventLoop) return '';
  const lines = [
    '### Event loop during bcrypt logins',
    '',
    '| Engine | bcrypt cost | /hello p99 quiet | /hello p99 during logins | max during logins | logins/s |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const run of results.eventLoop) {
    if (run.failure) lines.push(`| ${run.engine} | failed | | | | |`);
    else
      lines.push(
        `| ${run.engine} | ${run.bcryptCost} | ${num(run.quiet.p99, 1)} ms | ${num(run.busy.p99, 1)} ms | ` +
          `${num(run.busy.max, 1)} ms | ${num(run.logins.perSecond, 1)} |`,
      );
  }
  const first = results.eventLoop.find((run) => !run.failure);
  if (first)
    lines.push(
      '',
      `/hello at ${first.helloRate} req/s over 10 connections while ${first.loginConnections} connections ` +
        'keep POST /login busy (latencies as measured, after a warm-up).',
    );
  return lines.join('\n');
}

function sampleSection(results) {
  const sample = results.sample;
  if (!sample) return '';
  if (sample.missing) return `### Sample start-up\n\nNot measured: ${sample.missing}.`;
  const lines = [
    '### Sample start-up',
    '',
    '| Engine | new database | RSS then | new database, one core | existing database |',
    '|---|---:|---:|---:|---:|',
  ];
  const ms = (run) => (run ? `${num(run.startupMs)} ms` : '');
  for (const [engine, run] of Object.entries(sample)) {
    if (run.failure) lines.push(`| ${engine} | failed | | | |`);
    else
      lines.push(
        `| ${engine} | ${ms(run)} | ${num(run.rssMiB, 1)} MiB | ${ms(run.pinned)} | ${ms(run.existingDatabase)} |`,
      );
  }
  lines.push(
    '',
    'Spawn of `node dist/sample/main.js` to its first answer to `GET /health`, median of at least 5 starts. ' +
      '"New database" (`DATABASE_FILE=:memory:`) seeds the demo users, whose bcrypt hash (cost 12) ' +
      'runs on a libuv thread beside start-up; started as `npm start` starts it, on any core. ' +
      '"One core": pinned to the server core, where that hash adds to start-up. ' +
      '"Existing database": a file seeded by an earlier start.',
  );
  return lines.join('\n');
}

function pairedSection(results) {
  const paired = results.summary.paired ?? [];
  if (paired.length === 0) return '';
  const labels = Object.fromEntries(Object.entries(results.stacks).map(([name, stack]) => [name, stack.label]));
  const routes = results.routes;
  const lines = [
    '### CPU per request, paired per round',
    '',
    'Each cell: the median over rounds of (CPU µs/req of the first stack ÷ that of the second), both ' +
      'measured in the same round; in brackets the lowest and highest round, which say how noisy the run was.',
    '',
    `| Comparison | First ÷ second | at most | ${routes.map((route) => route.label).join(' | ')} |`,
    `|---|---|---:|${routes.map(() => '---:').join('|')}|`,
  ];
  for (const row of paired) {
    const cells = routes.map((route) => {
      const ratio = row.routes[route.name];
      if (!ratio) return 'n/a';
      const over = row.limit !== undefined && ratio.median > row.limit;
      const value = `${num(ratio.median, 2)}×`;
      return `${over ? `**${value}**` : value} (${num(ratio.min, 2)}–${num(ratio.max, 2)})`;
    });
    lines.push(
      `| ${row.why} | ${labels[row.a]} ÷ ${labels[row.b]} | ${row.limit === undefined ? '' : `${row.limit}×`} | ${cells.join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

function targetsSection(results) {
  const lines = ['### Targets', '', '| Target | Result | Met |', '|---|---:|:---:|'];
  for (const target of results.summary.targets) {
    const met = target.passed === undefined ? 'n/a' : target.passed ? 'yes' : '**no**';
    lines.push(`| ${target.name} | ${target.detail} | ${met} |`);
  }
  return lines.join('\n');
}

function machineSection(results) {
  const { environment: env, config } = results;
  const versions = Object.entries(env.versions)
    .map(([name, version]) => `${name} ${version}`)
    .join(', ');
  return [
    `Run ${results.startedAt.slice(0, 16).replace('T', ' ')} UTC on ${env.cpu}, ${env.cores} cores, ` +
      `${env.memoryGiB} GiB, ${env.os}, Node ${env.node}. Load average before/after: ` +
      `${results.loadAverageBefore.join(', ')} / ${results.loadAverageAfter.join(', ')}.`,
    '',
    `${config.rounds} round(s), ${config.warmup} s warm-up + ${config.duration} s measured per route, ` +
      `${config.connections} connections${config.quick ? ' (BENCH_QUICK smoke run: figures are indicative only)' : ''}.`,
    '',
    `Versions: ${versions}.`,
  ].join('\n');
}

/** The whole generated section: machine, overview, one table per route, targets, extras. */
function renderResults(results) {
  return [
    machineSection(results),
    '### Requests per second (ratio to idiomatic Express 5), start-up and memory',
    overviewTable(results),
    '### Per route',
    pairedSection(results),
    ...results.routes.map((route) => routeTable(results, route)),
    targetsSection(results),
    eventLoopSection(results),
    sampleSection(results),
  ]
    .filter(Boolean)
    .join('\n\n');
}

function replaceBetween(file, start, end, content) {
  if (!existsSync(file)) return false;
  const text = readFileSync(file, 'utf8');
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) return false;
  writeFileSync(file, `${text.slice(0, from + start.length)}\n${content}\n${text.slice(to)}`);
  return true;
}

/** A run of the paired stacks only: the machine, the paired ratios and the routes' tables. */
function renderPaired(results) {
  return [machineSection(results), pairedSection(results), ...results.routes.map((route) => routeTable(results, route))]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * Updates BENCHMARKS.md, and README.md's summary where it has the markers; with `paired`, only
 * the paired section (a run of a few stacks leaves the full results as they were).
 */
function writeReport(results, { paired = false } = {}) {
  const benchmarks = path.join(ROOT_DIR, 'BENCHMARKS.md');
  if (paired) {
    if (!replaceBetween(benchmarks, PAIRED_START, PAIRED_END, renderPaired(results)))
      throw new Error(`BENCHMARKS.md has no ${PAIRED_START} ... ${PAIRED_END} markers`);
    return;
  }
  if (!replaceBetween(benchmarks, START, END, renderResults(results)))
    writeFileSync(benchmarks, `# Benchmarks\n\n${START}\n${renderResults(results)}\n${END}\n`);
  replaceBetween(
    path.join(ROOT_DIR, 'README.md'),
    SUMMARY_START,
    SUMMARY_END,
    `${machineSection(results)}\n\n${overviewTable(results)}\n\nDetails, per-route latency and CPU: [BENCHMARKS.md](BENCHMARKS.md).`,
  );
}

module.exports = { writeReport, renderResults, renderPaired };
