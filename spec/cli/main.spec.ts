import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { main } from '../../cli/main';

function sink() {
  const collected = {
    text: '',
    write(chunk: string): boolean {
      collected.text += chunk;
      return true;
    },
  };
  return collected;
}

function trellis(...args: string[]) {
  const out = sink();
  const err = sink();
  const code = main(args, out as never, err as never);
  return { code, out: out.text, err: err.text };
}

describe('the trellis command', () => {
  let folder: string;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'trellis-cli-'));
  });

  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('writes a project whose package.json depends on the --trellis spec and pins zod', () => {
    const { code } = trellis('new', join(folder, 'My App'), '--trellis', '/somewhere/trellis-0.1.0.tgz');
    expect(code).to.equal(0);
    const manifest = JSON.parse(readFileSync(join(folder, 'My App', 'package.json'), 'utf8'));
    expect(manifest.name).to.equal('my-app');
    expect(manifest.dependencies.trellis).to.equal('/somewhere/trellis-0.1.0.tgz');
    expect(manifest.dependencies.zod).to.match(/^\d+\.\d+\.\d+$/);
  });

  it('points at the package it runs from when no --trellis is given', () => {
    trellis('new', join(folder, 'app'));
    const manifest = JSON.parse(readFileSync(join(folder, 'app', 'package.json'), 'utf8'));
    expect(manifest.dependencies.trellis).to.match(/^file:\//);
  });

  it('writes a tsconfig with the decorator options Trellis needs', () => {
    trellis('new', join(folder, 'app'));
    const { compilerOptions } = JSON.parse(readFileSync(join(folder, 'app', 'tsconfig.json'), 'utf8'));
    expect(compilerOptions).to.include({ experimentalDecorators: true, emitDecoratorMetadata: true });
  });

  it('refuses a folder that is not empty, and writes nothing', () => {
    mkdirSync(join(folder, 'taken'));
    writeFileSync(join(folder, 'taken', 'notes.txt'), 'mine');
    const { code, err } = trellis('new', join(folder, 'taken'));
    expect(code).to.equal(1);
    expect(err).to.match(/is not empty/);
    expect(() => readFileSync(join(folder, 'taken', 'package.json'))).to.throw();
  });

  it('prints the usage with exit code 2 for an unknown command, a missing folder or option', () => {
    expect(trellis('build').code).to.equal(2);
    expect(trellis('new').err).to.match(/Usage: trellis new <dir>/);
    expect(trellis('new', join(folder, 'x'), '--force').err).to.match(/unknown option '--force'/);
    expect(trellis('new', join(folder, 'y'), '--trellis').code).to.equal(2);
  });
});
