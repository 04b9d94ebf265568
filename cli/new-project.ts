import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Feature } from './features/index';
import { type StarterVersions, starterFiles } from './starter-files';

/** The root of the package this command runs from (holds its package.json). */
const PACKAGE_ROOT = join(__dirname, '..', '..');

// The versions this Trellis was built and tested with, exact.
function versions(): StarterVersions {
  const manifest = require(join(PACKAGE_ROOT, 'package.json'));
  return (name) => {
    const version = manifest.dependencies?.[name] ?? manifest.devDependencies?.[name];
    if (!version) throw new Error(`trellis new: no version of ${name} in ${PACKAGE_ROOT}/package.json`);
    return version;
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

// A `file:` spec relative to the project's own folder (npm reads it from there), so that the
// package.json works in a teammate's clone too, wherever it lies; other specs stay as they are.
function relativeToProject(spec: string, project: string): string {
  if (!spec.startsWith('file:')) return spec;
  const path = spec.slice('file:'.length);
  if (!isAbsolute(path)) return spec;
  const fromProject = relative(project, path);
  if (isAbsolute(fromProject)) return spec; // another drive on Windows: no relative path exists
  const posix = fromProject.split(sep).join('/');
  return `file:${posix.startsWith('.') ? posix : `./${posix}`}`;
}

/** What `trellis new` was asked for. */
export interface NewProjectOptions {
  /**
   * The dependency spec of Trellis itself; by default the package this command runs from. An
   * absolute `file:` path is written relative to the new project's folder.
   */
  trellis?: string;
  esm?: boolean;
  features?: readonly Feature[];
}

/**
 * Writes a new Trellis project into `dir` (which must be absent or empty).
 * @returns the files written, relative to `dir`.
 */
export function newProject(dir: string, options: NewProjectOptions = {}): string[] {
  const target = resolve(dir);
  if (existsSync(target) && readdirSync(target).length > 0)
    throw new Error(`trellis new: ${target} is not empty`);
  const files = starterFiles(packageName(target), versions(), {
    trellis: relativeToProject(options.trellis ?? `file:${PACKAGE_ROOT}`, target),
    esm: options.esm,
    features: options.features,
  });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(target, path)), { recursive: true });
    writeFileSync(join(target, path), text);
  }
  return Object.keys(files);
}
