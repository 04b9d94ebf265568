import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { expect } from 'chai';
import { cleanEnv, packedTarball, ROOT, removeFolder, run, tempFolder } from '../support/package-tarball';

const PORT = 38_791;

async function listening(child: ChildProcess, timeoutMs: number): Promise<void> {
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`not listening within ${timeoutMs} ms: ${output}`)),
      timeoutMs,
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

describe('trellis new (a starter project installed from the packed tarball; slow: npm install)', function () {
  this.timeout(600_000);
  let workspace: string | undefined;
  let project: string;
  let created: string;
  let server: ChildProcess | undefined;

  before(async () => {
    const tarball = await packedTarball();
    workspace = tempFolder('new');
    project = join(workspace, 'my-app');
    ({ stdout: created } = await run(
      process.execPath,
      [join(ROOT, 'bin', 'trellis.js'), 'new', project, '--trellis', tarball.path],
      workspace,
    ));
    await run('npm', ['install', '--no-audit', '--no-fund'], project);
  });

  after(async () => {
    if (server?.pid && server.exitCode === null) {
      // npm start runs node under a shell: the whole process group it leads is stopped.
      process.kill(-server.pid, 'SIGTERM');
      await once(server, 'exit');
    }
    removeFolder(workspace);
  });

  it('writes the project and says how to start it', () => {
    expect(created).to.contain('npm install && npm start');
    expect(created).to.contain('spec/greetings.controller.spec.ts');
  });

  it('pins exact versions in the generated package.json', () => {
    const manifest = require(join(project, 'package.json'));
    const versions = { ...manifest.dependencies, ...manifest.devDependencies };
    delete versions.trellis;
    expect(
      Object.values(versions).filter((version) => !/^\d+\.\d+\.\d+$/.test(String(version))),
    ).to.deep.equal([]);
  });

  it('runs its own specs (npm test: the service stubbed with sinon, the controller through app.inject)', async () => {
    const { stdout } = await run('npm', ['test'], project);
    expect(stdout).to.match(/2 passing/);
    expect(stdout).not.to.match(/failing/);
  });

  it('starts (npm start) and answers', async () => {
    server = spawn('npm', ['start'], {
      cwd: project,
      env: cleanEnv({ PORT: String(PORT) }),
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    await listening(server, 120_000);
    const res = await fetch(`http://127.0.0.1:${PORT}/greetings/Ada`);
    expect(res.status).to.equal(200);
    expect(await res.json()).to.deep.equal({ text: 'Hello, Ada!' });
  });
});
