import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { type StarterVersions, starterFiles } from './starter-files';

/** The root of the package this command runs from (holds its package.json). */
const PACKAGE_ROOT = join(__dirname, '..', '..');

function versions(trellis: string): StarterVersions {
  const manifest = require(join(PACKAGE_ROOT, 'package.json'));
  const pick = (name: string): string => {
    const version = manifest.dependencies?.[name] ?? manifest.devDependencies?.[name];
    if (!version) throw new Error(`trellis new: no version of ${name} in ${PACKAGE_ROOT}/package.json`);
    return version;
  };
  return {
    trellis,
    zod: pick('zod'),
    typescript: pick('typescript'),
    typesNode: pick('@types/node'),
    typesChai: pick('@types/chai'),
    typesMocha: pick('@types/mocha'),
    typesSinon: pick('@types/sinon'),
    mocha: pick('mocha'),
    chai: pick('chai'),
    sinon: pick('sinon'),
  };
}

// npm package names: lower case, no spaces; the folder name is the natural one.
function packageName(dir: string): string {
  return (
    basename(dir)
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^[._-]+/, '') || 'trellis-app'
  );
}

/**
 * Writes a new Trellis project into `dir` (which must be absent or empty). `trellis` is the
 * dependency spec of Trellis itself; by default the package this command runs from.
 * @returns the files written, relative to `dir`.
 */
export function newProject(dir: string, trellis = `file:${PACKAGE_ROOT}`): string[] {
  const target = resolve(dir);
  if (existsSync(target) && readdirSync(target).length > 0)
    throw new Error(`trellis new: ${target} is not empty`);
  const files = starterFiles(packageName(target), versions(trellis));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(target, path)), { recursive: true });
    writeFileSync(join(target, path), text);
  }
  return Object.keys(files);
}
