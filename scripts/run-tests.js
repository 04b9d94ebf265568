#!/usr/bin/env node
// `npm test`: the build, then the API report check and the spec runs, several at once, each in
// its own process. Every run's output is printed whole when it ends (runs side by side
// never interleave their lines), and every run's result is printed at the end, even when an
// earlier one failed; the exit code is 1 when any failed.
//   TRELLIS_TEST_JOBS=n      runs at most n at once (default: the number of cores, at most 4)
//   TRELLIS_TEST_PARTS=a,b   only these runs: api, unit, integration, postgres (the default),
//                            sample (the sample's specs on SQLite, part of integration)
//   TRELLIS_TEST_SHARDS=n    splits the integration run in n (default: 2)
const { spawn } = require('node:child_process');
const { availableParallelism } = require('node:os');

const shards = Number(process.env.TRELLIS_TEST_SHARDS ?? 2);
const mocha = ['node_modules/mocha/bin/mocha.js'];
const PARTS = {
  api: [{ name: 'api report', command: ['node', 'scripts/api-report.js'] }],
  unit: [{ name: 'unit', command: ['node', ...mocha, '--config', '.mocharc.unit.js'] }],
  integration: Array.from({ length: shards }, (_, index) => ({
    name: `integration ${index + 1}/${shards}`,
    command: ['node', ...mocha, '--config', '.mocharc.integration.js'],
    env: { TRELLIS_SPEC_SHARD: `${index + 1}/${shards}` },
  })),
  sample: [
    {
      name: 'sample on SQLite',
      command: ['node', ...mocha, '--config', '.mocharc.json', 'dist/spec/sample/**/*.spec.js'],
    },
  ],
  postgres: [
    {
      name: 'sample on PostgreSQL',
      command: ['node', ...mocha, '--config', '.mocharc.json', 'dist/spec/sample/**/*.spec.js'],
      env: { SAMPLE_DATABASE: 'postgres' },
    },
  ],
};

const chosen = (process.env.TRELLIS_TEST_PARTS ?? 'api,unit,integration,postgres').split(',');
for (const part of chosen) if (!PARTS[part]) throw new Error(`run-tests: no part '${part}'`);
const jobs = Number(process.env.TRELLIS_TEST_JOBS ?? Math.min(4, availableParallelism()));

// Mocha's failure report, from "N failing" to the end, shown again in the summary: a log
// viewer that keeps only the tail still shows what failed.
function failuresIn(text) {
  const start = text.search(/^\s*\d+ failing/m);
  return start < 0 ? '' : text.slice(start).split('\n').slice(0, 120).join('\n');
}

function run({ name, command, env }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`\n===== ${name} (${seconds} s) =====\n`);
      const text = Buffer.concat(output).toString();
      process.stdout.write(text);
      resolve({ name, ok: code === 0, seconds, code: code ?? signal, failures: failuresIn(text) });
    });
  });
}

async function runAll(list) {
  const results = [];
  const queue = [...list];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) results.push(await run(next));
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
  return results;
}

async function main() {
  const started = Date.now();
  const results = [];
  // Every run reads dist/: the build goes first, alone, and nothing runs without it.
  const build = await run({ name: 'build', command: ['npm', 'run', '--silent', 'build'] });
  results.push(build);
  if (build.ok) results.push(...(await runAll(chosen.flatMap((part) => PARTS[part]))));
  process.stdout.write(`\n===== npm test: ${Math.round((Date.now() - started) / 1000)} s, ${jobs} at once =====\n`);
  for (const result of results)
    process.stdout.write(`${result.ok ? 'passed' : 'FAILED'}  ${result.name} (${result.seconds} s)${result.ok ? '' : `, exit ${result.code}`}\n`);
  for (const result of results.filter((each) => !each.ok && each.failures))
    process.stdout.write(`\n----- what failed in ${result.name} -----\n${result.failures}\n`);
  process.exitCode = results.every((result) => result.ok) && results.length > 0 ? 0 : 1;
}

main();
