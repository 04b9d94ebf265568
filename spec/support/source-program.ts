import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as ts from 'ts59';

/** The repository root (specs run from dist/spec). */
const ROOT = resolve(__dirname, '..', '..', '..');

// The TypeScript 7 compiler has no JavaScript API: layer specs that need types read the
// sources with TypeScript 5.9's, under the repository's own compiler options.
const OPTIONS: ts.CompilerOptions = {
  ...ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  )?.options,
  noEmit: true,
};

// Parsing is most of a program's cost: a file parsed once serves every program a spec makes.
const parsed = new Map<string, ts.SourceFile | undefined>();

/** The `.ts` sources (not declarations) under the repository's `folder`, absolute paths. */
export function sourcesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => join(ROOT, folder, file));
}

/** The sources of a program: the repository's files and those that exist only in memory. */
export interface SourceProgram {
  program: ts.Program;
  checker: ts.TypeChecker;
  /** The files to read: those of the folders asked for, and the in-memory ones. */
  files: ts.SourceFile[];
}

/**
 * A type-checked program of every source under `folders` (e.g. `src`, `modules`), plus `extra`
 * files given by path relative to the root and their text, which exist only in memory.
 */
export function sourceProgram(folders: readonly string[], extra: Record<string, string> = {}): SourceProgram {
  const virtual = new Map(Object.entries(extra).map(([path, text]) => [join(ROOT, path), text]));
  const roots = [...folders.flatMap(sourcesUnder), ...virtual.keys()];
  const host = ts.createCompilerHost(OPTIONS);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (file) => virtual.has(file) || ts.sys.fileExists(file);
  host.readFile = (file) => virtual.get(file) ?? ts.sys.readFile(file);
  host.getSourceFile = (file, language) => {
    const text = virtual.get(file);
    if (text !== undefined) return ts.createSourceFile(file, text, language, true);
    if (!parsed.has(file)) parsed.set(file, getSourceFile(file, language));
    return parsed.get(file);
  };
  const program = ts.createProgram(roots, OPTIONS, host);
  const wanted = new Set(roots);
  return {
    program,
    checker: program.getTypeChecker(),
    files: program.getSourceFiles().filter((file) => wanted.has(file.fileName)),
  };
}

/** Where a node is: `path:line`, the path relative to the repository root when it is in it. */
export function placeOf(node: ts.Node): string {
  const file = node.getSourceFile();
  const { line } = file.getLineAndCharacterOfPosition(node.getStart());
  const path = file.fileName.startsWith(`${ROOT}/`) ? file.fileName.slice(ROOT.length + 1) : file.fileName;
  return `${path}:${line + 1}`;
}
