import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { forEachEngine } from '../support/engines';
import { SPEC_ENV } from './support/sample-env';

const MAIN = join(__dirname, '..', '..', 'sample', 'main.js');
const START_TIMEOUT_MS = 8000;

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>, cwd: string): Started {
  const child = spawn(process.execPath, [MAIN], { cwd, env: { PATH: process.env.PATH, ...env } });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

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
  });
});
