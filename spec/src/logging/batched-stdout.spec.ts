import { execFile, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';

const run = promisify(execFile);
const MODULE = require.resolve('../../../src/logging/batched-stdout');

type Destination = 'pipe' | 'file';

// Runs `script` in a process of its own with stdout going to a pipe or to a file; resolves to
// what reached stdout and what the script wrote to stderr.
async function runWithStdout(script: string, into: Destination): Promise<{ stdout: string; stderr: string }> {
  const options = {
    maxBuffer: 64 * 1024 * 1024,
    timeout: 20_000,
    env: { ...process.env, UV_THREADPOOL_SIZE: '1' },
  };
  if (into === 'pipe') return run(process.execPath, ['-e', script], options);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'trellis-stdout-')), 'stdout.txt');
  const fd = openSync(file, 'w');
  try {
    const { stderr } = await runToFile(script, fd, options);
    return { stdout: readFileSync(file, 'utf8'), stderr };
  } finally {
    closeSync(fd);
  }
}

function runToFile(script: string, fd: number, options: object): Promise<{ stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], { ...options, stdio: ['ignore', fd, 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve({ stderr }) : reject(new Error(`exit ${code}: ${stderr}`)),
    );
  });
}

// Writes the lines through a batched stdout in a process of its own, then ends it the way the case
// says; resolves to what reached stdout.
async function writtenThrough(lines: string[], end: 'flush' | 'exit', into: Destination): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'trellis-batched-')), 'lines.json');
  writeFileSync(file, JSON.stringify(lines));
  const script = `
    const { batchedStdout } = require(${JSON.stringify(MODULE)});
    const stream = batchedStdout();
    const lines = JSON.parse(require('node:fs').readFileSync(${JSON.stringify(file)}, 'utf8'));
    for (const line of lines) stream.write(line);
    if (${JSON.stringify(end)} === 'flush') stream.flush(() => process.exit(0));
    else process.exit(0);
  `;
  return (await runWithStdout(script, into)).stdout;
}

// Fills a batch while libuv's only pool thread is busy, and reports how many bytes stdout holds
// right after: a write handed to the pool cannot have happened yet.
const WRITTEN_AT_ONCE = `
  const { fstatSync } = require('node:fs');
  require('node:crypto').pbkdf2('busy', 'pool', 3e5, 32, 'sha256', () => {});
  const stream = require(${JSON.stringify(MODULE)}).batchedStdout();
  for (let i = 0; i < 400; i++) stream.write('{"n":' + i + ',"msg":"' + 'x'.repeat(60) + '"}\\n');
  process.stderr.write(String(fstatSync(1).size));
  stream.flush(() => process.exit(0));
`;

describe('batchedStdout(): lines gathered into batches of bytes', () => {
  const lines = [
    '{"msg":"plain"}\n',
    '{"msg":"Zoë, 東京, 🚀"}\n',
    `{"msg":"${'x'.repeat(30_000)}"}\n`,
    `{"msg":"${'é'.repeat(20_000)}"}\n`,
    ...Array.from({ length: 2_000 }, (_, index) => `{"n":${index},"msg":"línea ${index}"}\n`),
  ];

  for (const into of ['pipe', 'file'] as const) {
    describe(`into a ${into}`, () => {
      it('writes every line whole and in order, many-byte characters and lines longer than a batch included', async () => {
        expect(await writtenThrough(lines, 'flush', into)).to.equal(lines.join(''));
      });

      it('writes what is still gathered when the process exits without flushing', async () => {
        expect(await writtenThrough(lines, 'exit', into)).to.equal(lines.join(''));
      });
    });
  }

  it('never makes the loop wait on a pipe nobody reads: the lines wait for the reader instead', async () => {
    const script = `
      const stream = require(${JSON.stringify(MODULE)}).batchedStdout();
      const started = Date.now();
      for (let i = 0; i < 4000; i++) stream.write('{"n":' + i + ',"msg":"' + 'x'.repeat(60) + '"}\\n');
      process.stderr.write(String(Date.now() - started) + '\\n');
      stream.flush(() => process.exit(0));
    `;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    // A loop waiting on the pipe would never report: the child is ended after 3 s.
    const blockedFor = await new Promise<number>((resolve) => {
      const bound = setTimeout(() => resolve(Number.POSITIVE_INFINITY), 3_000);
      child.stderr.once('data', (chunk) => {
        clearTimeout(bound);
        resolve(Number(String(chunk)));
      });
    });
    if (blockedFor === Number.POSITIVE_INFINITY) child.kill();
    // Only now is stdout read: 300 KiB waited in the child, more than a pipe holds.
    let received = '';
    child.stdout.on('data', (chunk) => {
      received += chunk;
    });
    await new Promise((resolve) => child.on('close', resolve));
    expect(blockedFor).to.be.below(1_000);
    expect(received.split('\n')).to.have.length(4001);
  });

  it('writes a full batch to a file at once, without waiting for the pool a pipe is written through', async () => {
    const { stdout, stderr } = await runWithStdout(WRITTEN_AT_ONCE, 'file');
    expect(Number(stderr)).to.be.at.least(16_384);
    expect(stdout.split('\n')).to.have.length(401);
  });
});
