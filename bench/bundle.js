'use strict';
// `npm run bench:bundle`: packs the bench into one archive that runs on an x86-64 Linux machine
// with no Node.js and no network (bench/results/trellis-bench.tar.xz, with run.sh inside): this
// node binary, the project's compiled code, the bench (run.js's paired rounds and the multi-core
// curve), and a node_modules pruned to what the servers, the load generator and the runner load.
// The packages are found by running every bundled stack on every route once with a preload that
// records each process's loaded files; each package a file came from is copied with the
// packages it declares as dependencies (a lazily required one still ships), without type
// declarations, source maps, TypeScript sources, markdown and test folders. A second run, on the
// staged copy alone with NODE_PATH empty, fails the build if any stack does not answer.
const { execFileSync } = require('node:child_process');
const { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, copyFileSync, chmodSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { BENCH_DIR, ROOT_DIR } = require('./lib/environment');
const { routes: benchRoutes } = require('./lib/routes');
const { request, startServer, stopServer } = require('./lib/server');
const { PAIRED_STACKS, STACKS } = require('./lib/stacks');
const { benchToken } = require('./lib/token');

const NAME = 'trellis-bench';
const STAGE_PARENT = path.join(os.tmpdir(), `trellis-bench-bundle-${process.pid}`);
const STAGE = path.join(STAGE_PARENT, NAME);
const ARCHIVE = path.join(BENCH_DIR, 'results', `${NAME}.tar.xz`);
const PORT = Number(process.env.BENCH_PORT ?? 3370);
// The cluster stacks of the curve, beside the paired stacks run.sh measures.
const CLUSTER_STACKS = [
  { name: 'trellis-cluster', file: 'trellis-cluster', env: { BENCH_WORKERS: '2' } },
  { name: 'fastify-cluster', file: 'fastify-cluster', env: { BENCH_WORKERS: '2' } },
];
const LEFT_OUT = /(\.d\.ts|\.d\.mts|\.d\.cts|\.map|\.ts|\.md|\.markdown)$|\/(test|tests|__tests__|docs|example|examples|\.github)\//i;

function log(message) {
  process.stderr.write(`[bundle] ${message}\n`);
}

/** Copies the project's compiled code and the bench into the stage. */
function stageCode() {
  // The bundle carries the node running this script: Trellis's first runtime, not the system's.
  if (Number(process.versions.node.split('.')[0]) !== 24)
    throw new Error(`bench:bundle carries the node it runs on (${process.version}): run it on Node 24 (. scripts/use-node.sh)`);
  mkdirSync(path.join(STAGE, 'bin'), { recursive: true });
  copyFileSync(process.execPath, path.join(STAGE, 'bin', 'node'));
  chmodSync(path.join(STAGE, 'bin', 'node'), 0o755);
  copyFileSync(path.join(ROOT_DIR, 'package.json'), path.join(STAGE, 'package.json'));
  const js = (source) => source.endsWith('.js') || !path.extname(source);
  cpSync(path.join(ROOT_DIR, 'dist', 'index.js'), path.join(STAGE, 'dist', 'index.js'));
  for (const dir of ['src', 'modules', 'container'])
    cpSync(path.join(ROOT_DIR, 'dist', dir), path.join(STAGE, 'dist', dir), { recursive: true, filter: js });
  for (const dir of ['lib', 'stacks'])
    cpSync(path.join(BENCH_DIR, dir), path.join(STAGE, 'bench', dir), { recursive: true, filter: js });
  for (const file of ['run.js', 'cluster-curve.js', 'summarise-paired.js', 'package.json'])
    copyFileSync(path.join(BENCH_DIR, file), path.join(STAGE, 'bench', file));
  copyFileSync(path.join(BENCH_DIR, 'bundle', 'run.sh'), path.join(STAGE, 'run.sh'));
  chmodSync(path.join(STAGE, 'run.sh'), 0o755);
  writeFileSync(path.join(STAGE, 'COMMIT'), `${execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT_DIR, encoding: 'utf8' }).trim()}\n`);
}

/** Runs every bundled stack from `benchDir` on every route once; resolves to the failures. */
async function exerciseStacks(benchDir, env) {
  const routes = benchRoutes(benchToken());
  const failures = [];
  const stacks = [...STACKS.filter((stack) => PAIRED_STACKS.includes(stack.name)), ...CLUSTER_STACKS];
  for (const stack of stacks) {
    const script = path.join(benchDir, 'stacks', `${stack.file}.js`);
    let server;
    try {
      server = await startServer(script, {
        env: { ...stack.env, ...env },
        port: PORT,
        pin: false,
        quiet: stack.quiet,
        ...(stack.name.endsWith('-cluster') ? { waitForLine: 'all serving' } : {}),
      });
      for (const route of routes) {
        const { status } = await request(PORT, route);
        if (status !== route.status) failures.push(`${stack.name} ${route.label}: ${status}`);
      }
    } catch (err) {
      failures.push(`${stack.name}: ${err.message.split('\n')[0]}`);
    } finally {
      if (server) await stopServer(server);
    }
  }
  // The load generator and the runner's own packages (jsonwebtoken for the tokens).
  const lib = (file) => JSON.stringify(path.join(benchDir, 'lib', file));
  const script = `require(${lib('token.js')}).benchToken(); require(${lib('raw-load.js')}); try { require('autocannon'); } catch {}`;
  execFileSync(process.execPath, ['-e', script], { cwd: benchDir, env: { ...process.env, ...env }, stdio: 'ignore' });
  return failures;
}

/** The package folder (…/node_modules/name or …/node_modules/@scope/name) a loaded file is in. */
function packageDirOf(file) {
  const marker = '/node_modules/';
  const at = file.lastIndexOf(marker);
  if (at < 0) return undefined;
  const rest = file.slice(at + marker.length).split('/');
  const depth = rest[0].startsWith('@') ? 2 : 1;
  return file.slice(0, at + marker.length) + rest.slice(0, depth).join('/');
}

/** `dir`'s packages and the closure of their declared dependencies, as Node would resolve them. */
function packageClosure(dirs) {
  const found = new Set();
  const queue = [...dirs];
  while (queue.length > 0) {
    const dir = queue.pop();
    if (found.has(dir) || !existsSync(path.join(dir, 'package.json'))) continue;
    found.add(dir);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
      // Resolved as Node does: the package's own node_modules, then each folder above.
      for (let from = dir; from !== path.dirname(from); from = path.dirname(from)) {
        const candidate = path.join(from, 'node_modules', name);
        if (existsSync(path.join(candidate, 'package.json'))) {
          queue.push(candidate);
          break;
        }
      }
    }
  }
  return found;
}

/** Copies the packages into the stage's node_modules, where Node finds them from every bundled file. */
function stagePackages(dirs) {
  const root = path.join(ROOT_DIR, 'node_modules');
  const realRoot = require('node:fs').realpathSync(root);
  for (const dir of [...dirs].sort()) {
    const real = require('node:fs').realpathSync(dir);
    const relative = real.startsWith(`${realRoot}/`) ? path.relative(realRoot, real) : undefined;
    if (!relative) throw new Error(`${dir} is outside ${root}: the bundle keeps one node_modules`);
    cpSync(real, path.join(STAGE, 'node_modules', relative), {
      recursive: true,
      filter: (source) => !LEFT_OUT.test(source.slice(real.length)),
    });
  }
}

async function main() {
  rmSync(STAGE_PARENT, { recursive: true, force: true });
  mkdirSync(STAGE, { recursive: true });
  log(`staging in ${STAGE}`);
  stageCode();
  const trace = path.join(STAGE_PARENT, 'trace.txt');
  writeFileSync(trace, '');
  log('trace run: every bundled stack on every route, recording what each process loads');
  const traced = await exerciseStacks(BENCH_DIR, {
    NODE_OPTIONS: `--require ${path.join(BENCH_DIR, 'bundle', 'trace-modules.js')}`,
    BUNDLE_TRACE: trace,
  });
  if (traced.length > 0) log(`left out (their packages are not installed here): ${traced.join('; ')}`);
  const loaded = readFileSync(trace, 'utf8').split('\n').filter(Boolean);
  const dirs = packageClosure(new Set(loaded.map(packageDirOf).filter(Boolean)));
  log(`${dirs.size} packages`);
  stagePackages(dirs);
  log('check run: the same stacks from the staged copy alone');
  const failed = await exerciseStacks(path.join(STAGE, 'bench'), { NODE_PATH: '' });
  const newFailures = failed.filter((failure) => !traced.some((known) => failure.startsWith(known.split(':')[0])));
  if (newFailures.length > 0) throw new Error(`the staged bench fails where the checkout did not: ${newFailures.join('; ')}`);
  mkdirSync(path.dirname(ARCHIVE), { recursive: true });
  log(`archiving (xz) into ${ARCHIVE}`);
  execFileSync('tar', ['-C', STAGE_PARENT, '--owner=0', '--group=0', '-cJf', ARCHIVE, NAME], {
    env: { ...process.env, XZ_OPT: '-9 -T0' },
  });
  rmSync(STAGE_PARENT, { recursive: true, force: true });
  const size = (require('node:fs').statSync(ARCHIVE).size / 2 ** 20).toFixed(1);
  log(`done: ${ARCHIVE} (${size} MiB). On the other machine: tar -xJf ${NAME}.tar.xz -C /tmp && OUT=/tmp/out /tmp/${NAME}/run.sh`);
}

main().catch((err) => {
  log(err.stack);
  process.exitCode = 1;
});
