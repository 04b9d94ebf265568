import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';

// Specs run from the repository root (dist/ holds the compiled copies).
const ROOT = process.cwd();
const CHAPTERS = ['V1', 'V2', 'V3', 'V4', 'V5', 'V6', 'V7', 'V8', 'V9', 'V11', 'V12', 'V13', 'V14', 'V16'];

describe('docs/security.md and SECURITY.md', () => {
  const doc = readFileSync(join(ROOT, 'docs/security.md'), 'utf8');

  it('every line that says "tested" names at least one spec file, and each one exists', () => {
    const tested = doc.split('\n').filter((line) => /\btested\b/.test(line));
    expect(tested.length).to.be.greaterThan(30);
    for (const line of tested) {
      const files = [...line.matchAll(/`(spec\/[^`]+\.spec\.ts)`/g)].map((match) => match[1]!);
      expect(files, line).to.not.be.empty;
      for (const file of files)
        expect(existsSync(join(ROOT, file)), `${file} (named in docs/security.md)`).to.equal(true);
    }
  });

  it('maps every ASVS 5.0 chapter a framework touches', () => {
    for (const chapter of CHAPTERS) expect(doc, chapter).to.match(new RegExp(`^## ${chapter} `, 'm'));
  });

  it('SECURITY.md states the threat model, what is and is not a vulnerability, how to report and the supported versions', () => {
    const policy = readFileSync(join(ROOT, 'SECURITY.md'), 'utf8');
    for (const heading of [
      '## Supported versions',
      '## Reporting a vulnerability',
      '## Threat model',
      '## What is a vulnerability',
      '## What is not a vulnerability',
    ])
      expect(policy).to.include(heading);
  });
});
