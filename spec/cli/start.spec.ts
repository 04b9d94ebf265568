import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { expect } from 'chai';
import { childrenOf, type SpawnedNode, spawnNode } from '../support/child-processes';

const BIN = join(__dirname, '../../../bin/trellis.js');
const APPS = join(__dirname, 'start-apps');
const START_TIMEOUT_MS = 45_000;

type Started = SpawnedNode;

// Spawns `trellis start` as a user runs it: the primary, and the workers cluster forks from it.
const start = (args: string[], env: Record<string, string> = {}): Started =>
  spawnNode([BIN, 'start', ...args], { cwd: APPS, env: { LOG_LEVEL: 'silent', ...env } });

async function servingUrl(started: Started): Promise<string> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const url = /serving (http:\/\/\S+) with/.exec(started.output())?.[1];
    if (url) return url;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for trellis start:\n${started.output()}`);
}

// Polls `find` until it gives a value, failing with `what` (read at the deadline) if it never does.
async function until<T>(find: () => T | undefined | Promise<T | undefined>, what: () => string): Promise<T> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const found = await find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what()}`);
}

// Waits for `trellis start` to print a line matching `pattern` (its output arrives after the events it tells of).
const printed = (started: Started, pattern: RegExp) =>
  until(
    () => (pattern.test(started.output()) ? true : undefined),
    () => `${pattern} in the output:\n${started.output()}`,
  );

// One request on a connection of its own: the primary hands connections to the workers in turn.
function pidAt(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/pid`, { agent: false, headers: { Connection: 'close' } }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve(JSON.parse(body).pid));
    });
    req.on('error', reject);
    req.end();
  });
}

function usage(args: string[]): Promise<{ code: number | null; err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, 'start', ...args], { cwd: APPS }, (error, _out, err) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, err }),
    );
  });
}

describe('trellis start', function () {
  // Each case starts a primary and its workers, each loading Trellis.
  this.timeout(120_000);
  let started: Started | undefined;

  afterEach(async () => {
    if (started && started.child.exitCode === null) {
      for (const pid of childrenOf(started.child.pid!)) process.kill(pid, 'SIGKILL');
      started.child.kill('SIGKILL');
      await started.exited;
    }
    started = undefined;
  });

  it('serves the app a file exports on the workers asked for, each answering, and drains them all on SIGTERM', async () => {
    started = start(['pid-app.js', '--workers', '2', '--port', '0']);
    const url = await servingUrl(started);
    expect(started.output()).to.match(/with 2 workers \(\d+, \d+\)/);
    const pids = new Set<number>();
    for (let i = 0; i < 20 && pids.size < 2; i++) pids.add(await pidAt(url));
    expect(pids.size).to.equal(2);
    expect(pids.has(started.child.pid!)).to.equal(false);
    started.child.kill('SIGTERM');
    expect(await started.exited).to.equal(0);
  });

  it('replaces workers ended by SIGTERM, saying so, and exits 0 only on SIGTERM to itself', async () => {
    started = start(['pid-app.js', '--workers', '2', '--port', '0']);
    const url = await servingUrl(started);
    const primary = started.child.pid!;
    const before = childrenOf(primary);
    expect(before).to.have.length(2);
    for (const pid of before) process.kill(pid, 'SIGTERM');
    const after = await until(
      () => {
        const now = childrenOf(primary);
        return now.length === 2 && now.every((pid) => !before.includes(pid)) ? now : undefined;
      },
      () => `two replacement workers:\n${started!.output()}`,
    );
    for (const pid of before)
      await printed(started, new RegExp(`Worker ${pid} died \\(exit code 0\\); starting another`));
    // The replacements are processes before they serve: the port answers once they listen.
    const pids = await until(
      async () => {
        const seen = new Set<number>();
        for (let i = 0; i < 20 && seen.size < 2; i++) seen.add(await pidAt(url).catch(() => 0));
        seen.delete(0);
        return seen.size === 2 ? seen : undefined;
      },
      () => `both replacements to answer:\n${started!.output()}`,
    );
    expect([...pids].sort()).to.deep.equal([...after].sort());
    started.child.kill('SIGTERM');
    expect(await started.exited).to.equal(0);
  });

  it('exits 1 when workers keep dying after they serve, even with exit code 0', async () => {
    started = start(['pid-app.js', '--workers', '1', '--port', '0'], { PID_APP_EXIT_AFTER_MS: '300' });
    await servingUrl(started);
    const code = await until(
      () => started!.child.exitCode ?? undefined,
      () => `trellis start to exit:\n${started!.output()}`,
    );
    expect(code).to.equal(1);
    await printed(started, /Worker \d+ died \(exit code 0\); starting another/);
    await printed(started, /Workers keep dying: 5 in a row/);
  });

  it('exits 1 with the coded error when the workers cannot build the app', async () => {
    started = start(['pid-app.js', '--workers', '1', '--port', '0'], { PID_APP_FAIL: '1' });
    expect(await started.exited).to.equal(1);
    expect(started.output()).to.include('TRELLIS_ERR_WORKER_START');
  });

  it('refuses a missing file argument, a worker count or a port that is not a number, and an unknown option, with exit 2', async () => {
    const cases: [string[], string][] = [
      [[], 'which file?'],
      [['pid-app.js', '--workers', '0'], "--workers must be a positive integer, got '0'"],
      [['pid-app.js', '--workers=many'], "--workers must be a positive integer, got 'many'"],
      [['pid-app.js', '--port', '70000'], "--port must be a port number (0-65535), got '70000'"],
      [['pid-app.js', '--verbose'], "unknown option '--verbose'"],
    ];
    for (const [args, message] of cases) {
      const run = await usage(args);
      expect(run.code, args.join(' ')).to.equal(2);
      expect(run.err, args.join(' ')).to.include(message);
    }
  });
});
