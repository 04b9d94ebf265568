import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { starterFiles } from '../../cli/starter-files';

/** The repository root (specs run from dist/spec). */
export const ROOT = join(__dirname, '..', '..', '..');
/** Where the guides are. */
export const GUIDE_FOLDER = join(ROOT, 'docs', 'guide');
// Inside dist/, so that packages resolve from the repository's node_modules as they would from
// a project's own, and `trellis` through a link to the repository.
const PROJECTS = join(ROOT, 'dist', 'guide-projects');

/** A fenced TypeScript block of a guide, and the file it says it is. */
export interface GuideBlock {
  path: string | undefined;
  code: string;
  line: number;
}

const FENCE = /^```(ts|typescript)\n([\s\S]*?)^```$/gm;
const PATH_COMMENT = /^\/\/ ((?:src|spec)\/[\w./-]+\.ts)\n/;

/** The guides, in reading order (their file names start with their number). */
export function guideFiles(): string[] {
  return readdirSync(GUIDE_FOLDER)
    .filter((name) => /^\d\d-.*\.md$/.test(name))
    .sort();
}

/** Every TypeScript block of a guide; a block's first line names its file (`// src/app.ts`). */
export function guideBlocks(markdown: string): GuideBlock[] {
  return [...markdown.matchAll(FENCE)].map((match) => {
    const path = PATH_COMMENT.exec(match[2])?.[1];
    const line = markdown.slice(0, match.index).split('\n').length;
    return { path, code: match[2], line };
  });
}

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'commonjs',
    rootDir: '.',
    outDir: 'dist',
    strict: true,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    esModuleInterop: true,
    skipLibCheck: true,
    types: ['node', 'mocha'],
    typeRoots: [join(ROOT, 'node_modules', '@types')],
  },
  include: ['src', 'spec'],
};

// The starter `trellis new` writes: the guides grow it. Its package.json and tsconfig.json stay
// out (packages resolve from the repository's node_modules; the tsconfig finds their types there).
function starter(esm: boolean): Map<string, string> {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const version = (name: string) => manifest.dependencies?.[name] ?? manifest.devDependencies?.[name] ?? '*';
  const files = starterFiles('tasks-api', version, { trellis: `file:${ROOT}`, esm });
  return new Map(
    Object.entries(files).filter(([path]) => /^(src|spec)\//.test(path) || path === '.mocharc.json'),
  );
}

/** The folder of the project a reader has after the guides up to `guide` (as ES modules: `esm`). */
export function guideProject(guide: string, esm = false): string {
  return join(PROJECTS, `${guide.replace(/\.md$/, '')}${esm ? '-esm' : ''}`);
}

// What guide 1 says an ES module project (`trellis new --esm`) changes: a relative import names
// its compiled file, `.js` included.
const withJsExtensions = (code: string) =>
  code.replace(/^(import .* from '\.{1,2}\/[^']*?)(?<!\.js)';$/gm, "$1.js';");

/**
 * Writes the project a reader has after the guides up to `guide`: the starter, then each block
 * as a file, a later block replacing an earlier one (or the starter's) of the same path, as the
 * reader edits it.
 */
export function writeGuideProject(guide: string, esm = false): string {
  const project = guideProject(guide, esm);
  rmSync(project, { recursive: true, force: true });
  const modules = join(PROJECTS, 'node_modules');
  mkdirSync(modules, { recursive: true });
  try {
    symlinkSync(ROOT, join(modules, 'trellis'), 'dir');
  } catch {}
  const files = starter(esm);
  for (const name of guideFiles().filter((name) => name <= guide))
    for (const block of guideBlocks(readFileSync(join(GUIDE_FOLDER, name), 'utf8')))
      if (block.path) files.set(block.path, esm ? withJsExtensions(block.code) : block.code);
  for (const [path, code] of files) {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    writeFileSync(join(project, path), code);
  }
  const tsconfig = esm
    ? {
        ...TSCONFIG,
        compilerOptions: { ...TSCONFIG.compilerOptions, module: 'nodenext', moduleResolution: 'nodenext' },
      }
    : TSCONFIG;
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  if (esm) writeFileSync(join(project, 'package.json'), JSON.stringify({ type: 'module' }));
  return project;
}
