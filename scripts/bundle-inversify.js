// Bundles Inversify 8 (about 250 ES-module files across its seven packages; reflect-metadata stays outside) into one CommonJS
// file in dist/container/. Node 20 loads ES modules from `require` one file at a time, which cost
// an application a sixth of its start-up (127 ms against 13 ms for the bundle); the bundle is the
// installed, pinned `inversify` as published, only joined. container/inversify-runtime.ts loads it.
const { createRequire } = require('node:module');
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const { rollup } = require('rollup');

const root = join(__dirname, '..');
const entry = require.resolve('inversify', { paths: [root] });
const output = join(root, 'dist', 'container', 'inversify-bundle.js');

async function main() {
  const packages = new Map();
  const bundle = await rollup({
    input: entry,
    onwarn(warning, warn) {
      // Inversify's files end with a source-map comment pointing at sources it does not ship.
      if (warning.code !== 'SOURCEMAP_ERROR') warn(warning);
    },
    plugins: [
      {
        name: 'resolve-installed-packages',
        resolveId(source, importer) {
          if (source.startsWith('.') || source.startsWith('/')) return null;
          // Node's modules and reflect-metadata (Trellis's own dependency, one registry for all).
          if (!source.startsWith('@inversifyjs/')) return { id: source, external: true };
          const file = createRequire(importer ?? entry).resolve(source);
          packages.set(source, file);
          return file;
        },
      },
    ],
  });
  const { output: chunks } = await bundle.generate({ format: 'cjs', exports: 'named', generatedCode: 'es2015' });
  await bundle.close();
  const version = (name, file) => {
    let folder = dirname(file);
    while (!folder.endsWith(`/node_modules/${name}`)) {
      if (folder === dirname(folder)) throw new Error(`no package folder for ${name} above ${file}`);
      folder = dirname(folder);
    }
    return JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).version;
  };
  const licence = readFileSync(join(dirname(entry), '..', 'LICENSE'), 'utf8');
  const joined = [`inversify@${version('inversify', entry)}`]
    .concat([...packages].map(([name, file]) => `${name}@${version(name, file)}`))
    .sort();
  const banner = `/*!\n * ${joined.join(', ')}, bundled into one file by scripts/bundle-inversify.js.\n *\n${licence
    .trim()
    .split('\n')
    .map((line) => ` * ${line}`.trimEnd())
    .join('\n')}\n */\n`;
  mkdirSync(dirname(output), { recursive: true });
  writeFileSync(output, banner + chunks[0].code);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
