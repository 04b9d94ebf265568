import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { sharedPostgres } from '../support/databases';
import {
  GUIDE_FOLDER,
  guideBlocks,
  guideFiles,
  guideProject,
  ROOT,
  writeGuideProject,
} from './guide-projects';

const exec = promisify(execFile);
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const MOCHA = join(ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js');

async function run(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
  try {
    const { stdout } = await exec(process.execPath, [file, ...args], {
      cwd,
      // A project's own environment: not the spec run's silenced logs, nor its database.
      env: { ...withoutDatabase(process.env), NODE_ENV: 'test', ...env },
      timeout: 120_000,
    });
    return stdout;
  } catch (err) {
    const { stdout, stderr } = err as { stdout?: string; stderr?: string };
    throw new Error(`${file} ${args.join(' ')} failed in ${cwd}:\n${stdout ?? ''}\n${stderr ?? ''}`);
  }
}

function withoutDatabase(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, LOG_LEVEL: _level, ...rest } = env;
  return rest;
}

// The project's own mocha configuration (the starter's .mocharc.json, with its root hooks).
const mocha = (project: string, env: NodeJS.ProcessEnv = {}) => run(MOCHA, ['--no-package'], project, env);

function expectPassing(output: string): void {
  expect(output).to.match(/\d+ passing/);
  expect(output).not.to.match(/failing|pending/);
  // The root hooks keep the apps' log lines out of the runner's output.
  expect(output).not.to.match(/^\{"level"/m);
}

describe('the guides (docs/guide): every code block compiles and runs', function () {
  this.timeout(180_000);

  it('lists each guide in the index, in order, and every relative link leads to a file', () => {
    const index = readFileSync(join(GUIDE_FOLDER, 'index.md'), 'utf8');
    const listed = [...index.matchAll(/\]\((\d\d-[\w-]+\.md)\)/g)].map((match) => match[1]);
    expect(listed).to.deep.equal(guideFiles());
    for (const name of ['index.md', ...guideFiles()]) {
      const markdown = readFileSync(join(GUIDE_FOLDER, name), 'utf8');
      for (const [, target] of markdown.matchAll(/\]\(((?!https?:)[^)#]+)(#[^)]*)?\)/g))
        expect(existsSync(resolve(GUIDE_FOLDER, target)), `${name} links ${target}`).to.equal(true);
    }
  });

  for (const guide of guideFiles()) {
    describe(guide, () => {
      const markdown = readFileSync(join(GUIDE_FOLDER, guide), 'utf8');
      const blocks = guideBlocks(markdown);

      it('names the file of every TypeScript block, and ends with a spec', () => {
        for (const block of blocks) expect(block.path, `${guide}:${block.line}`).to.be.a('string');
        expect(blocks.at(-1)?.path).to.match(/^spec\/.*\.spec\.ts$/);
      });

      it('compiles, with the guides before it, and its specs pass', async () => {
        const project = writeGuideProject(guide);
        await run(TSC, ['-p', 'tsconfig.json'], project);
        expectPassing(await mocha(project));
        const own = blocks.filter((block) => block.path?.startsWith('spec/')).length;
        expect(own, 'specs of its own').to.be.greaterThan(0);
      });
    });
  }

  // The whole grown project once more, on PostgreSQL: the same specs, one variable changed.
  describe('the grown project on PostgreSQL', () => {
    it('runs the grown project of the last guide on PostgreSQL too, its specs unchanged', async () => {
      const last = guideFiles().at(-1)!;
      let project = guideProject(last);
      if (!existsSync(join(project, 'dist', 'spec', 'hooks.js'))) {
        project = writeGuideProject(last);
        await run(TSC, ['-p', 'tsconfig.json'], project);
      }
      expectPassing(await mocha(project, { DATABASE_URL: (await sharedPostgres()).url }));
    });
  });
});
