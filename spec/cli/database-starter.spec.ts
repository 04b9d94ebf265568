import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { starterFiles } from '../../cli/starter-files';
import { sharedPostgres } from '../support/databases';

const exec = promisify(execFile);
/** The repository root (specs run from dist/spec). */
const ROOT = join(__dirname, '..', '..', '..');
// Inside dist/, so that packages resolve from the repository's node_modules as they would from
// an installed project's own, and `trellis` through a link to the repository.
const PROJECTS = join(ROOT, 'dist', 'starter-projects');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const MOCHA = join(ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js');

// The starter of `trellis new --with auth,database`, without its package.json (packages come
// from the repository) and with a tsconfig that finds their types there.
function writeStarter(): string {
  const project = join(PROJECTS, 'database');
  rmSync(project, { recursive: true, force: true });
  mkdirSync(join(PROJECTS, 'node_modules'), { recursive: true });
  try {
    symlinkSync(ROOT, join(PROJECTS, 'node_modules', 'trellis'), 'dir');
  } catch {}
  const files = starterFiles('notes-api', () => '0.0.0', {
    trellis: `file:${ROOT}`,
    features: ['auth', 'database'],
  });
  for (const [path, text] of Object.entries(files)) {
    if (path === 'package.json') continue;
    mkdirSync(dirname(join(project, path)), { recursive: true });
    writeFileSync(join(project, path), text);
  }
  const tsconfig = JSON.parse(files['tsconfig.json']);
  tsconfig.compilerOptions.typeRoots = [join(ROOT, 'node_modules', '@types')];
  tsconfig.compilerOptions.skipLibCheck = true;
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  return project;
}

async function run(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  const { DATABASE_URL: _url, LOG_LEVEL: _level, ...rest } = process.env;
  try {
    const { stdout } = await exec(process.execPath, [file, ...args], {
      cwd,
      env: { ...rest, NODE_ENV: 'test', ...env },
      timeout: 120_000,
    });
    return stdout;
  } catch (err) {
    const { stdout, stderr } = err as { stdout?: string; stderr?: string };
    throw new Error(`${file} ${args.join(' ')} failed in ${cwd}:\n${stdout ?? ''}\n${stderr ?? ''}`);
  }
}

describe('trellis new --with database: the generated project compiles and its specs pass on both databases', function () {
  this.timeout(240_000);
  let project: string;
  before(async () => {
    project = writeStarter();
    await run(TSC, ['-p', 'tsconfig.json'], project, {});
  });

  it('on SQLite (no DATABASE_URL): a temporary file per run, never the data/ file', async () => {
    const output = await run(MOCHA, ['--no-package'], project, {});
    expect(output).to.match(/\b6 passing/);
    expect(output).not.to.match(/failing|pending/);
    expect(() => readFileSync(join(project, 'data', 'app.db'))).to.throw();
  });

  it('on PostgreSQL (DATABASE_URL names a server): a new database there', async () => {
    const { url } = await sharedPostgres();
    const output = await run(MOCHA, ['--no-package'], project, { DATABASE_URL: url });
    expect(output).to.match(/\b6 passing/);
    expect(output).not.to.match(/failing|pending/);
  });
});
