import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { runExample } from '../../examples/tasks-client';
import { DEMO_PASSWORD } from '../sample/support/sample-env';
import { type SampleServer, startSample } from '../sample/support/sample-server';
import { compileFiles, REPO_ROOT, type TypeCheck } from '../support/contract-typecheck';
import { forEachEngine } from '../support/engines';
import { removeFolder, tempFolder } from '../support/package-tarball';

const EXAMPLE = join(REPO_ROOT, 'examples', 'tasks-client.ts');
const PATHS = { 'trellis/client': ['src/client/index.ts'] };

async function linesOf(run: Parameters<typeof runExample>[0]): Promise<string[]> {
  const lines: string[] = [];
  await runExample(run, (line) => lines.push(line));
  return lines;
}

describe('examples/tasks-client.ts: a client typed by the sample contract', function () {
  this.timeout(180_000);

  describe('compiled on its own under strict (TypeScript 5.9)', () => {
    let folder: string;
    let original: TypeCheck;
    let changed: TypeCheck;
    before(async () => {
      folder = tempFolder('tasks-client');
      original = await compileFiles(folder, [EXAMPLE], PATHS);
      // The same client against a contract whose created task has no title any more.
      writeFileSync(
        join(folder, 'api.ts'),
        `import { z } from 'zod';
import { sampleApi as current } from '${join(REPO_ROOT, 'sample', 'api', 'sample-api')}';
export const sampleApi = {
  ...current,
  createTask: { ...current.createTask, responses: { ...current.createTask.responses, 201: z.object({ id: z.string() }) } },
};
`,
      );
      const client = readFileSync(EXAMPLE, 'utf8').replace("'../sample/api/sample-api'", "'./api'");
      writeFileSync(join(folder, 'tasks-client.ts'), client);
      changed = await compileFiles(folder, ['tasks-client.ts', 'api.ts'], PATHS);
    });
    after(() => removeFolder(folder));

    it('compiles with no cast', () => {
      expect(original.ok, original.output).to.equal(true);
      expect(readFileSync(EXAMPLE, 'utf8')).not.to.match(/\bas\s+(?!const\b)\w|<\w+>\s*\w/);
    });

    it('fails to compile once a response schema of the contract no longer matches it', () => {
      expect(changed.ok).to.equal(false);
      expect(changed.output).to.match(
        /tasks-client\.ts\(\d+,\d+\): error TS2339: Property 'title' does not exist/,
      );
    });
  });

  forEachEngine((engine) => {
    let sample: SampleServer;
    before(async () => {
      sample = await startSample(engine, { LOGIN_RATE_LIMIT_MAX: '3' });
    });
    after(() => sample.close());
    const as = (username: string, extra: object = {}) =>
      linesOf({ baseUrl: sample.url, username, password: DEMO_PASSWORD, ...extra });

    it('logs in, pages through the tasks with the cursor, creates one and meets a 404', async () => {
      await as('team_lead');
      const lines = await as('developer');
      expect(lines[0]).to.equal('logged in as developer (developer)');
      expect(lines[1]).to.match(/^read [1-9]\d* tasks in \d+ pages$/);
      expect(lines[2]).to.match(/^created task "Write the release notes" at \/tasks\/[\w-]+$/);
      expect(lines[3]).to.equal('no task no-such-task [NOT_FOUND]');
    });

    it('handles 403 (assigning without tasks.assign), 422 (unknown assignee) and 409 (taken username)', async () => {
      expect((await as('developer', { assigneeId: 1 }))[2]).to.equal(
        'not allowed to create that task: PERMISSION_MISSING',
      );
      expect((await as('team_lead', { assigneeId: 999 }))[2]).to.equal('task refused: body.assigneeId');
      expect((await as('manager', { newUsername: 'admin' }))[4]).to.equal('username taken [CONFLICT]');
      expect((await as('viewer', { newUsername: 'newbie' }))[4]).to.equal(
        'not allowed to create users [PERMISSION_MISSING]',
      );
    });

    it('handles 401 (wrong password) and, past the login limit, 429 with Retry-After', async () => {
      const wrong = () => linesOf({ baseUrl: sample.url, username: 'viewer', password: 'Wrong-pass-1!' });
      expect(await wrong()).to.deep.equal(['login refused: Credenciales inválidas [UNAUTHENTICATED]']);
      await wrong();
      await wrong();
      expect((await wrong())[0]).to.match(/^login: try again in \d+ s \[TOO_MANY_REQUESTS\]$/);
    });
  });
});
