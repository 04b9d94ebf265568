import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import { createSampleApp } from '../../../sample/create-sample-app';
import type { EngineName } from '../../../src/engine/engine';
import type { SseClient } from '../../src/sse/support/sse-client';
import { TestClient, wsUrl } from '../../src/websocket/support/ws-client';
import type { RedisServer } from '../../support/redis-server';
import { type Served, serve } from '../../support/serve';
import { DEMO_PASSWORD, specConfig } from '../support/sample-env';

/** What a login answers. */
export interface Login {
  accessToken: string;
  refreshToken: string;
}

/** Two sample instances on their own ports, sharing one Redis and one SQLite file. */
export interface TwoInstances {
  one: Served;
  two: Served;
  login(instance: Served, username: string): Promise<Login>;
  close(): Promise<void>;
}

/**
 * Starts two whole samples as two deployments would run them: the same settings and secret,
 * `REDIS_URL` pointing at `redis` (none without it), one database file (WAL) in a temp dir unless
 * `overrides` name a `DATABASE_URL`.
 */
export async function startTwoInstances(
  engine: EngineName,
  redis: RedisServer | undefined,
  overrides: Record<string, string> = {},
): Promise<TwoInstances> {
  const dir = mkdtempSync(join(tmpdir(), 'trellis-scale-out-'));
  const config = () =>
    specConfig({
      TRELLIS_ENGINE: engine,
      ...(redis ? { REDIS_URL: redis.url } : {}),
      DATABASE_FILE: join(dir, 'sample.db'),
      ...overrides,
    });
  const started: Served[] = [];
  try {
    // One after the other: the second finds the demo users the first created.
    started.push(await serve(createSampleApp(config())));
    started.push(await serve(createSampleApp(config())));
  } catch (err) {
    await Promise.all(started.map((instance) => instance.close()));
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const [one, two] = started;
  return {
    one,
    two,
    async login(instance, username) {
      const res = await request(instance.url)
        .post('/auth/login')
        .send({ username, password: DEMO_PASSWORD })
        .expect(200);
      return res.body as Login;
    },
    async close() {
      await Promise.all([one.close(), two.close()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The payload of a JWT, unverified (specs read `jti` and `exp` from it). */
export function claimsOf(token: string): { jti: string; exp: number; sid: string } {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
}

/** Logs `username` in on `instance`, joins the sample's chat there and reads its welcome. */
export async function joinChat(
  sample: TwoInstances,
  instance: Served,
  username: string,
): Promise<TestClient> {
  const { accessToken } = await sample.login(instance, username);
  const client = await TestClient.connect(`${wsUrl(instance.url, '/chat')}?token=${accessToken}`);
  expect(await client.next()).to.deep.equal({ type: 'welcome', username });
  return client;
}

/** Opens `/tasks/events` on an instance for `token`, resuming after `lastEventId` when given. */
export type OpenTaskEvents = (instance: Served, token: string, lastEventId?: string) => Promise<SseClient>;

/**
 * The feed across instances, whatever shares it: a task created on two streams on one, and a
 * client that missed two resumes on two with exactly those, their ids following on.
 */
export async function expectTaskEventsAcrossInstances(
  sample: TwoInstances,
  open: OpenTaskEvents,
): Promise<void> {
  const { accessToken: viewer } = await sample.login(sample.one, 'viewer');
  const { accessToken: manager } = await sample.login(sample.two, 'manager');
  const create = (title: string) =>
    request(sample.two.url).post('/tasks').auth(manager, { type: 'bearer' }).send({ title }).expect(201);
  const onOne = await open(sample.one, viewer);
  await new Promise((r) => setTimeout(r, 200));
  await create('Made on two');
  const [first] = await onOne.waitFor(1);
  expect(JSON.parse(first.data)).to.include({ title: 'Made on two' });
  onOne.close();
  await create('Missed A');
  await create('Missed B');
  const onTwo = await open(sample.two, viewer, first.id ?? '');
  const replayed = await onTwo.waitFor(2);
  expect(replayed.map((e) => JSON.parse(e.data).title)).to.deep.equal(['Missed A', 'Missed B']);
  expect(replayed.map((e) => Number(e.id))).to.deep.equal([Number(first.id) + 1, Number(first.id) + 2]);
}
