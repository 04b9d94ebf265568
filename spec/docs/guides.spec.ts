import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { starterFiles } from '../../cli/starter-files';
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
  // The whole report when something failed: the runner's own message would cut it short.
  expect(output, output).not.to.match(/failing|pending/);
  // The root hooks keep the apps' log lines out of the runner's output.
  expect(output).not.to.match(/^\{"level"/m);
}

// The packages of the `npm install` lines of a guide's shell blocks, without their versions.
function installLines(markdown: string): string[] {
  const shell = [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) =>
    match[1].replace(/\\\n/g, ' '),
  );
  return shell.flatMap((text) =>
    [...text.matchAll(/npm install ([^#&\n]*)/g)].flatMap((match) =>
      match[1]
        .split(/\s+/)
        .filter((word) => word && !word.startsWith('-') && !word.startsWith('.'))
        .map((word) => word.replace(/(.)@[^/]*$/, '$1')),
    ),
  );
}

// The packages a block imports (not Node's own, nor trellis).
function importedPackages(code: string): string[] {
  return [...code.matchAll(/^import .* from '([^.'][^']*)';$/gm)]
    .map((match) => match[1])
    .filter((specifier) => !specifier.startsWith('node:') && !/^trellis(\/|$)/.test(specifier))
    .map((specifier) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    );
}

// Whether a package carries its own declarations (else it needs @types/<name>).
function hasOwnTypes(name: string): boolean {
  const folder = join(ROOT, 'node_modules', name);
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
  // `typesVersions` maps every path of a package without a root entry to its declarations (the MCP SDK).
  if (manifest.types || manifest.typings || manifest.typesVersions || existsSync(join(folder, 'index.d.ts')))
    return true;
  // Declarations beside the code the package loads (kysely: dist/cjs/index.d.ts).
  const entry = manifest.exports?.['.']?.require ?? manifest.main;
  return typeof entry === 'string' && existsSync(join(folder, entry.replace(/\.c?js$/, '.d.ts')));
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

  it('installs every package the code imports: by the starter or an npm install line, types included', () => {
    const starter = JSON.parse(
      starterFiles('tasks-api', () => '0.0.0', { trellis: 'file:.' })['package.json'],
    );
    const installed = new Set<string>([
      ...Object.keys(starter.dependencies),
      ...Object.keys(starter.devDependencies),
    ]);
    for (const guide of guideFiles()) {
      const markdown = readFileSync(join(GUIDE_FOLDER, guide), 'utf8');
      for (const name of installLines(markdown)) installed.add(name);
      for (const block of guideBlocks(markdown))
        for (const name of importedPackages(block.code)) {
          expect(installed, `${guide}:${block.line} imports ${name}`).to.include(name);
          if (!hasOwnTypes(name))
            expect(installed, `${guide}:${block.line} imports ${name}, typed by @types/${name}`).to.include(
              `@types/${name}`,
            );
        }
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
  it('guide 1 as an ES module project (trellis new --esm): compiles and passes with the .js extensions its note asks for', async () => {
    const first = guideFiles()[0];
    expect(readFileSync(join(GUIDE_FOLDER, first), 'utf8')).to.match(
      /--esm[\s\S]*`\.js` extension[\s\S]*TS2835/,
    );
    const project = writeGuideProject(first, true);
    await run(TSC, ['-p', 'tsconfig.json'], project);
    expectPassing(await mocha(project));
  });

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
