import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect } from 'chai';
import { createApp } from '../../../src';

const SOURCE = resolve(__dirname, '..', '..', '..', '..', 'src');
const FEATURES = ['websocket', 'graphql', 'openapi'];

// What naming an engine looks like: its packages, its adapter folders, or asking which one runs.
const ENGINE_IMPORT =
  /from '(express|fastify|@fastify\/[^']+|@as-integrations\/[^']+|[^']*engine\/(express|fastify)[^']*)'/;
const ENGINE_QUESTION = /engine\.name|engine\.native|app\.(express|fastify)\b/;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('the built-in modules (WebSocket, GraphQL, OpenAPI)', () => {
  for (const feature of FEATURES)
    it(`src/${feature} names no engine: no express or fastify import, no question of which engine runs`, () => {
      const files = sourceFiles(join(SOURCE, feature));
      expect(files.map((file) => file.slice(SOURCE.length + 1))).to.include(
        `${feature}/${feature}-module.ts`,
      );
      for (const file of files) {
        const source = readFileSync(file, 'utf8');
        expect(source, `${file} imports an engine`).not.to.match(ENGINE_IMPORT);
        expect(source, `${file} asks which engine runs`).not.to.match(ENGINE_QUESTION);
      }
    });

  it('createApp installs each as a module', () => {
    const app = createApp();
    for (const feature of FEATURES) expect(app.has(feature), feature).to.equal(true);
  });
});
