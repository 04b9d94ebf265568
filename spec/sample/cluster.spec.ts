import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import { eventually } from '../src/redis/redis-spec-helpers';
import { TestClient, wsUrl } from '../src/websocket/support/ws-client';
import { childrenOf, type SpawnedNode, spawnNode } from '../support/child-processes';
import { forEachEngine } from '../support/engines';
import { type RedisServer, startRedisServer } from '../support/redis-server';
import { DEMO_PASSWORD, SPEC_ENV } from './support/sample-env';

const CLUSTER = join(__dirname, '..', '..', 'sample', 'cluster.js');
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
// Starting processes and waiting on them takes longer than the default test timeout.
const TEST_TIMEOUT_MS = 150_000;

type Started = SpawnedNode;

const start = (env: Record<string, string>, cwd: string): Started => spawnNode([CLUSTER], { env, cwd });

async function clusterUrl(started: Started): Promise<string> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const found = /Trellis sample cluster: \d+ workers on (http:\/\/\S+),/.exec(started.output());
    if (found) return found[1];
    if (started.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the cluster did not start:\n${started.output()}`);
}

async function exitsWithin(started: Started, ms: number): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  const code = await Promise.race([started.exited, timeout]);
  clearTimeout(timer);
  if (code === 'timeout') throw new Error(`the cluster did not exit within ${ms} ms`);
  return code;
}

// A connection per request: the primary hands connections to the workers in turn, so
// consecutive requests land on different workers.
const fresh = { Connection: 'close' };

describe('sample cluster (npm run start:cluster)', () => {
  forEachEngine((engine) => {
    let redis: RedisServer;
    let dir: string;
    let started: Started | undefined;
    const sockets: TestClient[] = [];
    before(async () => {
      redis = await startRedisServer();
    });
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'trellis-cluster-'));
    });
    afterEach(async () => {
      for (const socket of sockets.splice(0)) socket.socket.terminate();
      if (started && started.child.exitCode === null) {
        for (const pid of childrenOf(started.child.pid!)) process.kill(pid, 'SIGKILL');
        started.child.kill('SIGKILL');
        await started.exited;
      }
      started = undefined;
      rmSync(dir, { recursive: true, force: true });
    });
    after(() => redis.close());

    // No JWT_SECRET: the primary makes one and gives it to every worker.
    const { JWT_SECRET: _secret, ...env } = SPEC_ENV;
    const clusterEnv = () => ({
      ...env,
      NODE_ENV: 'development',
      TRELLIS_ENGINE: engine,
      PORT: '0',
      WORKERS: '2',
      REDIS_URL: redis.url,
      DATABASE_FILE: join(dir, 'sample.db'),
      LOG_LEVEL: 'silent',
    });

    const login = async (url: string, username: string) => {
      const res = await request(url)
        .post('/auth/login')
        .set(fresh)
        .send({ username, password: DEMO_PASSWORD })
        .expect(200);
      return res.body as { accessToken: string; refreshToken: string };
    };

    it('runs WORKERS workers on one port that act as one, and stops them all on SIGTERM', async () => {
      started = start(clusterEnv(), dir);
      const url = await clusterUrl(started);
      const workers = childrenOf(started.child.pid!);
      expect(workers).to.have.length(2);

      for (const username of ['admin', 'manager', 'developer', 'viewer']) {
        const { accessToken, refreshToken } = await login(url, username);
        for (let i = 0; i < 2; i++)
          await request(url).get('/auth/me').set(fresh).auth(accessToken, { type: 'bearer' }).expect(200);
        await request(url).post('/auth/refresh').set(fresh).send({ refreshToken }).expect(200);
      }

      const [ada, bob] = [await login(url, 'team_lead'), await login(url, 'developer')];
      const chat = async (token: string) => {
        const client = await TestClient.connect(`${wsUrl(url, '/chat')}?token=${token}`);
        sockets.push(client);
        expect(await client.next()).to.have.property('type', 'welcome');
        return client;
      };
      const adaChat = await chat(ada.accessToken);
      const bobChat = await chat(bob.accessToken);
      expect(await adaChat.ask({ type: 'message', text: 'hola' })).to.have.property('type', 'sent');
      expect(await bobChat.next()).to.include({ type: 'message', text: 'hola', from: 'team_lead' });

      started.child.kill('SIGTERM');
      expect(await exitsWithin(started, STOP_TIMEOUT_MS)).to.equal(0);
      for (const pid of workers) expect(() => process.kill(pid, 0), `worker ${pid}`).to.throw();
    }).timeout(TEST_TIMEOUT_MS);

    it('replaces a worker that dies, and keeps serving', async () => {
      started = start(clusterEnv(), dir);
      const url = await clusterUrl(started);
      const [victim, survivor] = childrenOf(started.child.pid!);
      process.kill(victim, 'SIGKILL');
      const replaced = await eventually(async () => {
        const now = childrenOf(started!.child.pid!);
        expect(now).to.have.length(2).and.include(survivor).and.not.include(victim);
        return now;
      }, START_TIMEOUT_MS);
      expect(replaced).to.have.length(2);
      await eventually(async () => {
        for (let i = 0; i < 4; i++) await request(url).get('/health').set(fresh).expect(200);
      }, START_TIMEOUT_MS);
      expect(started.output()).to.match(/Worker \d+ died \(SIGKILL\); starting another/);
    }).timeout(TEST_TIMEOUT_MS);

    it('refuses to start without REDIS_URL or with a :memory: database, saying why', async () => {
      const { REDIS_URL: _url, ...withoutRedis } = clusterEnv();
      started = start(withoutRedis, dir);
      expect(await exitsWithin(started, START_TIMEOUT_MS)).to.equal(1);
      expect(started.output()).to.include('REDIS_URL: required by start:cluster');

      started = start({ ...clusterEnv(), DATABASE_FILE: ':memory:' }, dir);
      expect(await exitsWithin(started, START_TIMEOUT_MS)).to.equal(1);
      expect(started.output()).to.include('DATABASE_FILE: start:cluster needs a file');

      started = start({ ...clusterEnv(), WORKERS: 'many' }, dir);
      expect(await exitsWithin(started, START_TIMEOUT_MS)).to.equal(1);
      expect(started.output()).to.include("WORKERS: must be a positive integer, got 'many'");
    }).timeout(TEST_TIMEOUT_MS);
  });
});
