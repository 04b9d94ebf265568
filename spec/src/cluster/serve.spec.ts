import { join } from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import { createApp, serve } from '../../../src';
import { childrenOf, type SpawnedNode, spawnNode } from '../../support/child-processes';
import { expectCode } from '../../support/expect-code';

const SCRIPT = join(__dirname, 'support', 'served-app.js');
const START_TIMEOUT_MS = 45_000;
// Starting processes and waiting on them takes longer than the default test timeout.
const TEST_TIMEOUT_MS = 120_000;
// A connection per request: the primary hands connections to the workers in turn.
const fresh = { Connection: 'close' };

type Primary = SpawnedNode;

const startPrimary = (env: Record<string, string>): Primary =>
  spawnNode([SCRIPT], { env: { LOG_LEVEL: 'silent', ...env } });

async function until<T>(
  find: () => T | undefined | Promise<T | undefined>,
  what: string | (() => string),
): Promise<T> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const found = await find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
}

const servingUrl = (primary: Primary) =>
  until(
    () => /serving (http:\/\/\S+) with/.exec(primary.output())?.[1],
    `the primary to serve:\n${primary.output()}`,
  );

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Waits for the primary to print a line matching `pattern` (its output arrives after the events it tells of). */
const printed = (primary: Primary, pattern: RegExp) =>
  until(
    () => (pattern.test(primary.output()) ? true : undefined),
    () => `${pattern} in the output:\n${primary.output()}`,
  );

/** The primary's exit code, once it has exited (a failure, with what it printed, if it has not by the deadline). */
const exitCodeOf = (primary: Primary) =>
  until(
    () => primary.child.exitCode ?? undefined,
    () => `the primary to exit:\n${primary.output()}`,
  );

/** The pids that answered `count` requests, each on a connection of its own. */
async function answeringPids(url: string, count: number): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let i = 0; i < count; i++) {
    const res = await request(url).get('/pid').set(fresh).expect(200);
    pids.add(res.body.pid);
  }
  return pids;
}

describe('serve(): an application on several cores', () => {
  let primary: Primary | undefined;
  afterEach(async () => {
    if (primary && primary.child.exitCode === null) {
      for (const pid of childrenOf(primary.child.pid!)) process.kill(pid, 'SIGKILL');
      primary.child.kill('SIGKILL');
      await primary.exited;
    }
    primary = undefined;
  });

  it('runs two workers that answer on one port', async () => {
    primary = startPrimary({ SERVE_WORKERS: '2' });
    const url = await servingUrl(primary);
    const workers = childrenOf(primary.child.pid!);
    expect(workers).to.have.length(2);
    const pids = await answeringPids(url, 6);
    expect([...pids].sort()).to.deep.equal([...workers].sort());
  }).timeout(TEST_TIMEOUT_MS);

  it('on SIGTERM, lets a request in flight finish, then stops every worker and exits 0', async () => {
    primary = startPrimary({ SERVE_WORKERS: '2' });
    const url = await servingUrl(primary);
    const workers = childrenOf(primary.child.pid!);
    const slow = request(url).get('/slow/600').set(fresh);
    const answered = new Promise<request.Response>((resolve, reject) =>
      slow.end((err, res) => (err ? reject(err) : resolve(res))),
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    primary.child.kill('SIGTERM');
    const res = await answered;
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ waited: 600 });
    expect(await primary.exited).to.equal(0);
    for (const pid of workers) expect(alive(pid), `worker ${pid}`).to.equal(false);
  }).timeout(TEST_TIMEOUT_MS);

  it('replaces a worker that is killed, and keeps serving', async () => {
    primary = startPrimary({ SERVE_WORKERS: '2' });
    const url = await servingUrl(primary);
    const [victim, survivor] = childrenOf(primary.child.pid!);
    process.kill(victim, 'SIGKILL');
    const replaced = await until(() => {
      const now = childrenOf(primary!.child.pid!);
      return now.length === 2 && now.includes(survivor) && !now.includes(victim) ? now : undefined;
    }, 'a replacement worker');
    const pids = await until(async () => {
      const seen = await answeringPids(url, 6);
      return seen.size === 2 ? seen : undefined;
    }, 'both workers to answer');
    expect([...pids].sort()).to.deep.equal([...replaced].sort());
    await printed(primary, new RegExp(`Worker ${victim} died \\(SIGKILL\\); starting another in \\d+ ms`));
  }).timeout(TEST_TIMEOUT_MS);

  it('replaces a worker ended by SIGTERM (its drain exits 0), says so, and keeps serving', async () => {
    primary = startPrimary({ SERVE_WORKERS: '2' });
    const url = await servingUrl(primary);
    const [victim, survivor] = childrenOf(primary.child.pid!);
    process.kill(victim, 'SIGTERM');
    const replaced = await until(
      () => {
        const now = childrenOf(primary!.child.pid!);
        return now.length === 2 && now.includes(survivor) && !now.includes(victim) ? now : undefined;
      },
      () => `a replacement worker:\n${primary!.output()}`,
    );
    const pids = await until(async () => {
      const seen = await answeringPids(url, 6);
      return seen.size === 2 ? seen : undefined;
    }, 'both workers to answer');
    expect([...pids].sort()).to.deep.equal([...replaced].sort());
    await printed(primary, new RegExp(`Worker ${victim} died \\(exit code 0\\); starting another`));
    expect(primary.child.exitCode).to.equal(null);
  }).timeout(TEST_TIMEOUT_MS);

  it('replaces a worker that exits 0 on its own, and says so', async () => {
    primary = startPrimary({ SERVE_WORKERS: '2' });
    const url = await servingUrl(primary);
    const before = childrenOf(primary.child.pid!);
    // The worker ends before it answers: the connection drops.
    await request(url)
      .get('/exit/0')
      .set(fresh)
      .then(
        () => undefined,
        () => undefined,
      );
    const replaced = await until(
      () => {
        const now = childrenOf(primary!.child.pid!);
        return now.length === 2 && now.some((pid) => !before.includes(pid)) ? now : undefined;
      },
      () => `a replacement worker:\n${primary!.output()}`,
    );
    const [gone] = before.filter((pid) => !replaced.includes(pid));
    await printed(primary, new RegExp(`Worker ${gone} died \\(exit code 0\\); starting another`));
    const pids = await until(async () => {
      const seen = await answeringPids(url, 6);
      return seen.size === 2 ? seen : undefined;
    }, 'both workers to answer');
    expect([...pids].sort()).to.deep.equal([...replaced].sort());
  }).timeout(TEST_TIMEOUT_MS);

  it('when workers keep dying after they serve, stops and exits non-zero', async () => {
    primary = startPrimary({ SERVE_WORKERS: '2', SERVE_EXIT_AFTER_MS: '200', SERVE_EXIT_CODE: '3' });
    await servingUrl(primary);
    expect(await exitCodeOf(primary)).to.equal(1);
    await printed(primary, /Worker \d+ died \(exit code 3\); starting another/);
    await printed(primary, /Workers keep dying: 5 in a row/);
  }).timeout(TEST_TIMEOUT_MS);

  it('on SIGHUP, replaces every worker one at a time', async () => {
    primary = startPrimary({ SERVE_WORKERS: '2' });
    const url = await servingUrl(primary);
    const before = childrenOf(primary.child.pid!);
    primary.child.kill('SIGHUP');
    const after = await until(() => {
      const now = childrenOf(primary!.child.pid!);
      return now.length === 2 && now.every((pid) => !before.includes(pid)) ? now : undefined;
    }, 'both workers to be replaced');
    const pids = await until(async () => {
      const seen = await answeringPids(url, 6);
      return seen.size === 2 ? seen : undefined;
    }, 'the new workers to answer');
    expect([...pids].sort()).to.deep.equal([...after].sort());
  }).timeout(TEST_TIMEOUT_MS);

  it('when a worker cannot start, stops the others and fails with TRELLIS_ERR_WORKER_START', async () => {
    primary = startPrimary({ SERVE_WORKERS: '2', SERVE_FAIL_START: '1' });
    expect(await primary.exited).to.equal(1);
    expect(primary.output()).to.match(
      /TRELLIS_ERR_WORKER_START: serve\(\): worker \d+ exited \(exit code 1\)/,
    );
  }).timeout(TEST_TIMEOUT_MS);

  it('refuses a worker count or a crash bound that is not a positive integer, naming the option', async () => {
    for (const workers of [0, -1, 1.5, Number.NaN]) {
      const failure = await serve(
        () => {
          throw new Error('never built');
        },
        { workers },
      ).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(expectCode(failure, 'TRELLIS_ERR_INVALID_OPTION').message).to.include('serve(): workers');
    }
    const failure = await serve(() => createApp(), { workers: 1, maxCrashes: 0 }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(expectCode(failure, 'TRELLIS_ERR_INVALID_OPTION').message).to.include('serve(): maxCrashes');
  });
});
