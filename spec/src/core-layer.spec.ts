import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect } from 'chai';

const ROOT = resolve(__dirname, '..', '..', '..');
const CORE = join(ROOT, 'src');

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('src: the core', () => {
  const files = sourcesUnder(CORE);

  it("names none of the built-in modules' guard kinds: modules tell it what their guards mean", () => {
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      expect(source, relative(ROOT, file)).not.to.match(/'(auth|rbac|minimumRole|permissions)'/);
    }
  });
});
