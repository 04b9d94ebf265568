import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { cleanEnv, packedTarball, ROOT, removeFolder, run, tempFolder } from '../support/package-tarball';

/** Resolves to the URL a started project prints once it listens. */
async function listening(child: ChildProcess, timeoutMs: number): Promise<string> {
  let output = '';
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`not listening within ${timeoutMs} ms: ${output}`)),
      timeoutMs,
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    });
  });
}

// npm start runs node under a shell: the whole process group it leads is stopped.
async function stop(child: ChildProcess | undefined): Promise<void> {
  if (child?.pid && child.exitCode === null) {
    process.kill(-child.pid, 'SIGTERM');
    await once(child, 'exit');
  }
}

function start(project: string, port: string): ChildProcess {
  return spawn('npm', ['start'], {
    cwd: project,
    env: cleanEnv({ PORT: port }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
}

/** Writes a starter with `args` from the packed tarball and installs it. */
function starter(args: string[]) {
  const made: { workspace?: string; project: string; created: string } = { project: '', created: '' };
  before(async () => {
    const tarball = await packedTarball();
    made.workspace = tempFolder('new');
    made.project = join(made.workspace, 'my-app');
    // The tarball is given relative to the folder the command runs in, as a user would.
    await run('cp', [tarball.path, join(made.workspace, 'trellis.tgz')], made.workspace);
    ({ stdout: made.created } = await run(
      process.execPath,
      [join(ROOT, 'bin', 'trellis.js'), 'new', 'my-app', '--trellis', './trellis.tgz', ...args],
      made.workspace,
    ));
    await run('npm', ['install', '--no-audit', '--no-fund'], made.project);
  });
  after(() => removeFolder(made.workspace));
  return made;
}

describe('trellis new (starter projects installed from the packed tarball; slow: npm install)', function () {
  this.timeout(600_000);

  describe('the default starter', () => {
    const made = starter([]);
    const servers: ChildProcess[] = [];
    after(async () => {
      for (const server of servers) await stop(server);
    });

    it('writes the project and says how to start it', () => {
      expect(made.created).to.contain('npm install && npm start');
      expect(made.created).to.contain('spec/greetings.controller.spec.ts');
    });

    it('pins exact versions in the generated package.json', () => {
      const manifest = require(join(made.project, 'package.json'));
      const versions = { ...manifest.dependencies, ...manifest.devDependencies };
      // Relative to the project's own folder, where npm reads it: the project moves with its tarball.
      expect(versions.trellis).to.equal('file:../trellis.tgz');
      delete versions.trellis;
      expect(
        Object.values(versions).filter((version) => !/^\d+\.\d+\.\d+$/.test(String(version))),
      ).to.deep.equal([]);
    });

    it('runs its own specs (npm test: the service stubbed with sinon, the controller through app.inject)', async () => {
      const { stdout } = await run('npm', ['test'], made.project);
      expect(stdout).to.match(/2 passing/);
      expect(stdout).not.to.match(/failing/);
    });

    it('never runs a compiled spec whose source was deleted (npm test empties dist/ first)', async () => {
      const stale = join(made.project, 'spec', 'stale.spec.ts');
      writeFileSync(stale, "it('fails', () => {\n  throw new Error('stale');\n});\n");
      const failed = await run('npm', ['test'], made.project).then(
        () => 'passed',
        (err: Error) => err.message,
      );
      expect(failed).to.match(/1 failing/);
      rmSync(stale);
      const { stdout } = await run('npm', ['test'], made.project);
      expect(stdout).to.match(/2 passing/);
      expect(stdout).not.to.match(/failing/);
    });

    it('starts (npm start) and answers; a second start on the busy port says so in one line', async () => {
      const server = start(made.project, '0');
      servers.push(server);
      let printed = '';
      server.stdout!.on('data', (chunk: Buffer) => {
        printed += chunk.toString();
      });
      const url = await listening(server, 120_000);
      // Compiling takes seconds: a line says so before the server's own.
      expect(printed.indexOf('compiling (tsc)')).to.be.within(0, printed.indexOf('listening on'));
      const res = await fetch(`${url}/greetings/Ada`);
      expect(res.status).to.equal(200);
      expect(await res.json()).to.deep.equal({ text: 'Hello, Ada!' });
      const port = new URL(url).port;
      const second = start(made.project, port);
      servers.push(second);
      let stderr = '';
      second.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const [code] = await once(second, 'exit');
      expect(code).not.to.equal(0);
      const lines = stderr.split('\n').filter((line) => line.trim() && !line.startsWith('npm '));
      expect(lines).to.deep.equal([`Could not start: port ${port} is already in use (set PORT to another)`]);
    });
  });

  describe('the ES module starter (--esm)', () => {
    const made = starter(['--esm']);
    let server: ChildProcess | undefined;
    after(() => stop(server));

    it('runs its own specs', async () => {
      const { stdout } = await run('npm', ['test'], made.project);
      expect(stdout).to.match(/2 passing/);
      expect(stdout).not.to.match(/failing/);
    });

    it('starts and answers', async () => {
      server = start(made.project, '0');
      const url = await listening(server, 120_000);
      expect(await (await fetch(`${url}/greetings/Ada`)).json()).to.deep.equal({ text: 'Hello, Ada!' });
    });
  });

  describe('the starter with every feature (--with auth,graphql,websocket,docs)', () => {
    const made = starter(['--with', 'auth,graphql,websocket,docs']);

    it("runs its own specs: each feature's with the greeting's", async () => {
      const { stdout } = await run('npm', ['test'], made.project);
      expect(stdout).to.match(/8 passing/);
      expect(stdout).not.to.match(/failing/);
    });
  });
});
