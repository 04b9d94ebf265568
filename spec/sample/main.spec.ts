import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { DEFAULT_DEMO_PASSWORD } from '../../sample/config';
import { DemoSeeder } from '../../sample/database/demo-seeder';
import { UsersRepository } from '../../sample/users/users-repository';
import { type SpawnedNode, spawnNode } from '../support/child-processes';
import { forEachEngine } from '../support/engines';
import { openSampleDatabase } from './support/sample-database';
import { SPEC_ENV, specConfig } from './support/sample-env';

const MAIN = join(__dirname, '..', '..', 'sample', 'main.js');
const START_TIMEOUT_MS = 8000;

type Started = SpawnedNode;

const start = (env: Record<string, string>, cwd: string): Started => spawnNode([MAIN], { env, cwd });

async function apiUrl(started: Started): Promise<string> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const found = /API\s+(http:\/\/\S+)/.exec(started.output());
    if (found) return found[1];
    if (started.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the sample did not start:\n${started.output()}`);
}

/** The status of `POST /auth/login` as admin with `password`. */
async function adminLoginStatus(url: string, password: string): Promise<number> {
  const login = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  return login.status;
}

describe('sample main (npm start)', () => {
  forEachEngine((engine) => {
    let dir: string;
    let started: Started | undefined;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'trellis-main-'));
    });
    afterEach(async () => {
      if (started && started.child.exitCode === null) {
        started.child.kill('SIGKILL');
        await started.exited;
      }
      started = undefined;
      rmSync(dir, { recursive: true, force: true });
    });

    it('reads .env, prints where to go, serves, and exits cleanly on SIGTERM', async () => {
      const { DATABASE_FILE: _memory, ...env } = SPEC_ENV;
      writeFileSync(join(dir, '.env'), 'DATABASE_FILE=data/from-dotenv.db\n');
      started = start({ ...env, PORT: '0', TRELLIS_ENGINE: engine }, dir);
      const url = await apiUrl(started);
      for (const line of [`${url}/docs`, `${url}/graphql`, `${url.replace('http', 'ws')}/chat`])
        expect(started.output()).to.include(line);
      const health = await fetch(`${url}/health`);
      expect(await health.json()).to.deep.equal({ status: 'ok' });
      expect(existsSync(join(dir, 'data', 'from-dotenv.db'))).to.equal(true);
      started.child.kill('SIGTERM');
      expect(await started.exited).to.equal(0);
    });

    it('with an invalid setting, says which and exits with 1', async () => {
      started = start({ ...SPEC_ENV, PORT: 'eighty', TRELLIS_ENGINE: engine }, dir);
      expect(await started.exited).to.equal(1);
      expect(started.output()).to.match(/Invalid configuration:\n\s+PORT:/);
    });

    it('with a TRUST_PROXY that trusts every address, names the value and the option, and exits with 1', async () => {
      started = start({ ...SPEC_ENV, PORT: '0', TRELLIS_ENGINE: engine, TRUST_PROXY: '0.0.0.0/0' }, dir);
      expect(await started.exited).to.equal(1);
      expect(started.output()).to.include('TRELLIS_ERR_INVALID_OPTION');
      expect(started.output()).to.include('"0.0.0.0/0"');
      expect(started.output()).not.to.include('TypeError');
    });

    describe('with NODE_ENV=production', () => {
      const { DATABASE_FILE: _memory, DEMO_PASSWORD: _demo, ...env } = SPEC_ENV;
      const production = { ...env, NODE_ENV: 'production', PORT: '0', TRELLIS_ENGINE: engine };

      it('refuses to start without JWT_SECRET', async () => {
        const { JWT_SECRET: _secret, ...noSecret } = production as Record<string, string>;
        started = start(noSecret, dir);
        expect(await started.exited).to.equal(1);
        expect(started.output()).to.match(/JWT_SECRET: required when NODE_ENV=production/);
      });

      it('refuses a JWT_SECRET of fewer than 16 distinct characters, naming the rule', async () => {
        started = start({ ...production, JWT_SECRET: 'ab'.repeat(20) }, dir);
        expect(await started.exited).to.equal(1);
        expect(started.output()).to.match(
          /auth\.jwt\.secret: must have at least 16 distinct characters in production \(got 2\)/,
        );
      });

      it('with the published DEMO_PASSWORD, creates no demo user and prints no password', async () => {
        started = start(production, dir);
        const url = await apiUrl(started);
        expect(started.output()).not.to.include(DEFAULT_DEMO_PASSWORD);
        expect(started.output()).to.match(/Demo users not created/);
        expect(await adminLoginStatus(url, DEFAULT_DEMO_PASSWORD)).to.equal(401);
      });

      it('with a DEMO_PASSWORD of its own, creates the demo users and never prints it', async () => {
        started = start({ ...production, DEMO_PASSWORD: 'Own-secret-pass-9!' }, dir);
        const url = await apiUrl(started);
        expect(started.output()).not.to.include('Own-secret-pass-9!');
        expect(await adminLoginStatus(url, 'Own-secret-pass-9!')).to.equal(200);
      });

      it('refuses a database seeded in development with the published password, saying how to fix it', async () => {
        // A database seeded in development: the demo users have the published password.
        const { db, close } = await openSampleDatabase({
          name: 'sqlite',
          url: async () => join(dir, 'data', 'sample.db'),
        });
        await new DemoSeeder(new UsersRepository(db), {
          ...specConfig(),
          demoPassword: DEFAULT_DEMO_PASSWORD,
        }).seed();
        await close();
        started = start({ ...production, DEMO_PASSWORD: 'Own-secret-pass-9!' }, dir);
        expect(await started.exited).to.equal(1);
        expect(started.output()).to.match(/Refusing to start with NODE_ENV=production: the demo users admin/);
        expect(started.output()).to.match(/DELETE FROM users/);
        expect(started.output()).not.to.include('Own-secret-pass-9!');
      });
    });
  });
});
