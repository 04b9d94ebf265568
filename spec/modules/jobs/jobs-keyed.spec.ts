import { fork } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'chai';
import { Jobs } from '../../../index';
import type { Application } from '../../../src/app/application';
import { drainJobs } from '../../../testing';
import { forEachDatabase } from '../../support/databases';
import { enqueueKeyed, keyedApp, keyedRuns } from './support/keyed-jobs';

const KEYS = 10;
const PER_KEY = 10;

// What keyed enqueues made one after another must leave (`ids` as `enqueueKeyed` answers them):
// an id for each call; each job answered run; each run with the last payload written to its job,
// never one written after a worker took it; so the last payload of each key runs.
function expectNoneLost(ids: string[], keys: number, perKey: number): void {
  expect(
    ids.filter((id) => !/^\d+$/.test(String(id))),
    'enqueue calls that resolved no job id',
  ).to.deep.equal([]);
  const ranIds = new Set(keyedRuns.map((run) => run.id));
  expect(
    ids.filter((id) => !ranIds.has(id)),
    'jobs enqueue answered that never ran',
  ).to.deep.equal([]);
  // Written one after another: the last write to a job is its last answer.
  const lastWritten = new Map(ids.map((id, i) => [id, i % perKey]));
  expect(
    keyedRuns.filter((run) => run.v !== lastWritten.get(run.id)),
    'runs whose job was written again after a worker took it',
  ).to.deep.equal([]);
  const lastLost = [...Array(keys).keys()]
    .map((k) => `key-${k}`)
    .filter((key) => !keyedRuns.some((run) => run.key === key && run.v === perKey - 1));
  expect(lastLost, 'the keys whose last payload never ran').to.deep.equal([]);
}

describe('jobs module: keyed jobs enqueued while a worker takes them', function () {
  this.timeout(60_000);
  let app: Application | undefined;
  beforeEach(() => {
    keyedRuns.length = 0;
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  forEachDatabase((database) => {
    it('resolves a stored job for every enqueue of a key, and runs the last payload of every key', async () => {
      app = keyedApp(await database.url());
      await app.start();
      const ids = await enqueueKeyed(app, KEYS, PER_KEY);
      await drainJobs(app);
      expectNoneLost(ids, KEYS, PER_KEY);
    });

    it('resolves a stored job for each of parallel enqueues of one key, and runs each job it answered', async () => {
      app = keyedApp(await database.url());
      await app.start();
      const jobs = app.container.get<Jobs>(Jobs);
      const ids: string[] = [];
      const written: { id: string; v: number }[] = [];
      for (let round = 0; round < 5; round++) {
        const answers = await Promise.all(
          [...Array(PER_KEY).keys()].map((v) => jobs.enqueue('keyed', { key: 'key-0', v }, { key: 'key-0' })),
        );
        ids.push(...answers.map((answer) => answer.id));
        written.push(...answers.map((answer, v) => ({ id: answer.id, v })));
      }
      await drainJobs(app);
      expect(ids.filter((id) => !/^\d+$/.test(String(id)))).to.deep.equal([]);
      const ranIds = new Set(keyedRuns.map((run) => run.id));
      expect(ids.filter((id) => !ranIds.has(id))).to.deep.equal([]);
      if (database.name === 'sqlite') {
        // One connection takes the enqueues in call order: each job runs with the last payload written to it.
        const stale = keyedRuns.filter(
          (run) => run.v !== Math.max(...written.filter((w) => w.id === run.id).map((w) => w.v)),
        );
        expect(stale, 'runs of a job whose payload was written again after it was taken').to.deep.equal([]);
      }
    });

    // Processes sharing one SQLite file (cluster workers): one enqueues while the other claims.
    if (database.name === 'sqlite')
      it('loses no keyed job enqueued by a second process sharing the file', async () => {
        const url = await database.url();
        // One job at a time, taken as soon as the last one ends (and a poll for the other's jobs).
        app = keyedApp(url, { pollIntervalMs: 1, concurrency: 1 });
        await app.start();
        const child = fork(
          join(__dirname, 'support', 'keyed-enqueuer-child.js'),
          [url, String(KEYS), String(PER_KEY)],
          { stdio: 'ignore' },
        );
        const answer = await new Promise<{ ids?: string[]; error?: string }>((resolve, reject) => {
          child.once('message', (message) => resolve(message as { ids?: string[]; error?: string }));
          child.once('exit', (code) => reject(new Error(`the enqueuing process exited (${code}) first`)));
        });
        expect(answer.error).to.equal(undefined);
        await drainJobs(app, { timeoutMs: 30_000 });
        expectNoneLost(answer.ids!, KEYS, PER_KEY);
      });
  });
});
