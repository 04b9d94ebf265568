import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { GUIDE_FOLDER, guideBlocks, guideFiles, ROOT, writeGuideProject } from './guide-projects';

const exec = promisify(execFile);
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const MOCHA = join(ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js');

async function run(file: string, args: string[], cwd: string): Promise<string> {
  try {
    const { stdout } = await exec(process.execPath, [file, ...args], {
      cwd,
      env: { ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test' },
      timeout: 120_000,
    });
    return stdout;
  } catch (err) {
    const { stdout, stderr } = err as { stdout?: string; stderr?: string };
    throw new Error(`${file} ${args.join(' ')} failed in ${cwd}:\n${stdout ?? ''}\n${stderr ?? ''}`);
  }
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
        const output = await run(
          MOCHA,
          ['--no-config', '--no-package', '--exit', 'dist/spec/**/*.spec.js'],
          project,
        );
        expect(output).to.match(/\d+ passing/);
        expect(output).not.to.match(/failing|pending/);
        const own = blocks.filter((block) => block.path?.startsWith('spec/')).length;
        expect(own, 'specs of its own').to.be.greaterThan(0);
      });
    });
  }
});
