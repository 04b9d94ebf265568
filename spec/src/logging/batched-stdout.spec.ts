import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';

const run = promisify(execFile);
const MODULE = require.resolve('../../../src/logging/batched-stdout');

// Writes the lines through a batched stdout in a process of its own, then ends it the way the case
// says; resolves to what reached stdout.
async function writtenThrough(lines: string[], end: 'flush' | 'exit'): Promise<string> {
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
  const { stdout } = await run(process.execPath, ['-e', script], {
    maxBuffer: 64 * 1024 * 1024,
    timeout: 20_000,
  });
  return stdout;
}

describe('batchedStdout(): lines gathered into batches of bytes', () => {
  const lines = [
    '{"msg":"plain"}\n',
    '{"msg":"Zoë, 東京, 🚀"}\n',
    `{"msg":"${'x'.repeat(30_000)}"}\n`,
    `{"msg":"${'é'.repeat(20_000)}"}\n`,
    ...Array.from({ length: 2_000 }, (_, index) => `{"n":${index},"msg":"línea ${index}"}\n`),
  ];

  it('writes every line whole and in order, many-byte characters and lines longer than a batch included', async () => {
    expect(await writtenThrough(lines, 'flush')).to.equal(lines.join(''));
  });

  it('writes what is still gathered when the process exits without flushing', async () => {
    expect(await writtenThrough(lines, 'exit')).to.equal(lines.join(''));
  });
});
