import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';

const BIN = join(__dirname, '../../../bin/trellis.js');
const APPS = join(__dirname, 'inspect-apps');
const COMPILE_CACHE = join(__dirname, '../../src/cluster/compile-cache.js');

function node(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { env: { PATH: process.env.PATH ?? '', ...env }, cwd: APPS },
      (error, out) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, out }),
    );
  });
}

// Every file of a folder, however deep: Node keeps the cache in a folder per Node version.
const filesIn = (folder: string) =>
  readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());

describe('the compile cache of the trellis command and serve()', function () {
  this.timeout(30_000);
  let cache: string;

  beforeEach(() => {
    cache = mkdtempSync(join(tmpdir(), 'trellis-compile-cache-'));
  });
  afterEach(() => rmSync(cache, { recursive: true, force: true }));

  it('is written by a trellis command, in the folder NODE_COMPILE_CACHE names', async () => {
    const run = await node([BIN, 'inspect', 'shop-app.js'], { NODE_COMPILE_CACHE: cache });
    expect(run.code).to.equal(0);
    expect(JSON.parse(run.out).routes).to.have.length(1);
    expect(filesIn(cache).length).to.be.greaterThan(0);
  });

  it('is not written when NODE_DISABLE_COMPILE_CACHE is set', async () => {
    const run = await node([BIN, 'inspect', 'shop-app.js'], {
      NODE_COMPILE_CACHE: cache,
      NODE_DISABLE_COMPILE_CACHE: '1',
    });
    expect(run.code).to.equal(0);
    expect(filesIn(cache)).to.deep.equal([]);
  });

  it("is handed to the processes a primary starts, so workers read the primary's cache", async () => {
    // A primary that turns the cache on, then a child as cluster.fork starts one (its env).
    const primary = `
      const { execFileSync } = require('node:child_process');
      const directory = require(${JSON.stringify(COMPILE_CACHE)}).enableCompileCache();
      const child = execFileSync(process.execPath, ['-p', "require('node:module').getCompileCacheDir()"], { encoding: 'utf8' });
      console.log(JSON.stringify({ directory, child: child.trim() }));`;
    const run = await node(['-e', primary], { TMPDIR: cache });
    expect(run.code).to.equal(0);
    const { directory, child } = JSON.parse(run.out);
    expect(directory.startsWith(cache)).to.equal(true);
    expect(child.startsWith(directory)).to.equal(true, `${child} is not in ${directory}`);
  });
});
