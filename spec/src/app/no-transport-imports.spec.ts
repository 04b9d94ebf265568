import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect } from 'chai';

const ROOT = resolve(__dirname, '..', '..', '..', '..');
const APP = join(ROOT, 'src', 'app');
const TRANSPORTS = ['websocket', 'graphql', 'openapi', 'sse', 'uploads', 'jobs'];
// HTTP's folders: the application may name their types (its public getters), never load them.
const HTTP = ['http', 'engine', 'routing', 'security', 'serialization', 'rate-limit'];

// Every relative import (static, dynamic or require) of a file, as a path from the repository root.
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:from |import |import\(|require\()'(\.[^']*)'/g)].map(([, path]) =>
    relative(ROOT, resolve(file, '..', path)),
  );
}

// The relative imports that load a file at run time: `import type` is erased by the compiler.
function valueImportsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [
    ...source.matchAll(/^import (?!type )[^;]*?from '(\.[^']*)'|(?:import\(|require\()'(\.[^']*)'/gm),
  ].map(([, from, call]) => relative(ROOT, resolve(file, '..', (from ?? call)!)));
}

describe('src/app: the application without the transports', () => {
  const files = readdirSync(APP)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(APP, name));

  it('reads its sources: createApp and Application are among them', () => {
    const names = files.map((file) => relative(APP, file));
    expect(names).to.include.members(['create-app.ts', 'application.ts']);
  });

  it('imports none of the transports and features: createApp installs them from src/features.ts', () => {
    for (const file of files)
      for (const target of importsOf(file))
        expect(target, `${relative(ROOT, file)} imports ${target}`).not.to.match(
          new RegExp(`^src/(${TRANSPORTS.join('|')})(/|$)`),
        );
  });

  it('loads none of HTTP: the HTTP feature, installed from src/features.ts, hands the app its transport', () => {
    const loaded = files.flatMap((file) =>
      valueImportsOf(file)
        .filter((target) => new RegExp(`^src/(${HTTP.join('|')})(/|$)`).test(target))
        .map((target) => `${relative(ROOT, file)} imports ${target}`),
    );
    expect(loaded).to.deep.equal([]);
    expect(readFileSync(join(ROOT, 'src', 'features.ts'), 'utf8')).to.match(/httpModule,\s+websocketModule/);
  });

  it('reaches the built-in features through one list, src/features.ts', () => {
    const createApp = importsOf(join(APP, 'create-app.ts'));
    expect(createApp).to.include('src/features');
  });
});
