import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, resolve, sep } from 'node:path';
import { expect } from 'chai';

const ROOT = resolve(__dirname, '..', '..', '..', '..');
const KERNEL = join(ROOT, 'src', 'kernel');
const MODULES = join(ROOT, 'modules');
const TRANSPORT_WORDS = /\b(express|fastify|graphql|websocket|ws)\b/i;
const IMPORT = /(?:from |import\(|require\()'([^']+)'/g;
const AUGMENTATION = /declare module '([^']+)'/g;

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function importsOf(file: string): { spec: string; target?: string }[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(IMPORT)].map(([, spec]) => ({
    spec,
    target: spec.startsWith('.')
      ? relative(ROOT, resolve(file, '..', spec))
          .split(sep)
          .join('/')
      : undefined,
  }));
}

describe('src/kernel: below everything but the container', () => {
  const files = sourcesUnder(KERNEL);

  // Its relative imports (only itself and the container) are checked on the import graph, in
  // spec/src/import-graph.spec.ts; here, the packages it may name.
  it('imports node built-ins and packages, none of them a transport', () => {
    expect(files.length).to.be.greaterThan(20);
    for (const file of files) {
      for (const { spec, target } of importsOf(file)) {
        if (target !== undefined) continue;
        const where = `${relative(ROOT, file)} imports ${spec}`;
        if (builtinModules.includes(spec.replace(/^node:/, ''))) continue;
        expect(spec, where).to.match(/^(@[\w.-]+\/)?[\w.-]+/);
        expect(spec, `${where}: a transport's package`).not.to.match(TRANSPORT_WORDS);
      }
    }
  });

  it('names no transport, not even in a comment: transports name themselves', () => {
    for (const file of files) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          expect(line, `${relative(ROOT, file)}:${index + 1}`).not.to.match(TRANSPORT_WORDS);
        });
    }
  });

  it('has one public barrel that re-exports every kernel file', () => {
    const barrel = readFileSync(join(KERNEL, 'index.ts'), 'utf8');
    for (const file of files) {
      if (file === join(KERNEL, 'index.ts') || file.endsWith(`${sep}index.ts`)) continue;
      const path = `./${relative(KERNEL, file).split(sep).join('/').replace(/\.ts$/, '')}`;
      expect(barrel, `src/kernel/index.ts re-exports ${path}`).to.include(`'${path}'`);
    }
  });
});

// How modules import src/ and each other is checked on the import graph (spec/src/import-graph.spec.ts).
describe('modules/: extending the kernel', () => {
  const files = sourcesUnder(MODULES);

  it('extend the kernel only at its extension points', () => {
    for (const file of files) {
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(AUGMENTATION)) {
        const target = relative(ROOT, resolve(file, '..', spec))
          .split(sep)
          .join('/');
        if (target.startsWith('modules/')) continue;
        expect(target, `${relative(ROOT, file)} augments ${spec}`).to.equal('src/kernel/extension-points');
      }
    }
  });
});
