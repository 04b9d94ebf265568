import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect } from 'chai';

const ROOT = resolve(__dirname, '..', '..', '..', '..');
const ENTRY = join(ROOT, 'src', 'client', 'index.ts');

// A relative specifier names `x.ts` or a folder's barrel, `x/index.ts`.
function sourceOf(path: string): string {
  return existsSync(`${path}.ts`) ? `${path}.ts` : join(path, 'index.ts');
}

// Every module the client entry reaches, following relative imports (type-only ones too).
function reachable(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(/from '([^']+)'/g)) {
    const target = match[1];
    if (target.startsWith('.')) reachable(sourceOf(resolve(dirname(file), target)), seen);
    else seen.add(target);
  }
  return seen;
}

describe('trellis/client: usable in a browser bundle', () => {
  it('reaches only the client and contract folders, the method table and zod: no server, no Node module', () => {
    const reached = [...reachable(ENTRY)].map((module) =>
      module.startsWith(ROOT) ? relative(ROOT, module) : module,
    );
    // The method table imports nothing: a contract's methods are read from it.
    const outside = reached.filter(
      (module) => !/^src\/(client|contract)\/[\w-]+\.ts$|^src\/http\/http-methods\.ts$/.test(module),
    );
    expect(outside).to.deep.equal(['zod']);
  });
});
