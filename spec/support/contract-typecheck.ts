import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { run } from './package-tarball';

/** The repository root (specs run from dist/spec). */
export const REPO_ROOT = resolve(__dirname, '..', '..', '..');

const TSC_59 = join(REPO_ROOT, 'node_modules', 'ts59', 'bin', 'tsc');

/** The compiler options of a strict application project, with the library checked too. */
export const STRICT_OPTIONS = {
  target: 'ES2022',
  module: 'commonjs',
  strict: true,
  esModuleInterop: true,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  skipLibCheck: false,
  noEmit: true,
  types: ['node'],
  typeRoots: [join(REPO_ROOT, 'node_modules', '@types')],
};

/** What `tsc` said of a project: its exit status and its output. */
export interface TypeCheck {
  ok: boolean;
  output: string;
}

/**
 * Type-checks `files` (name -> source) in `folder` with TypeScript 5.9 and `extraArgs`; module
 * names resolve from the repository's node_modules, the framework through the given paths.
 */
export async function typeCheck(
  folder: string,
  files: Record<string, string>,
  paths: Record<string, string[]>,
  extraArgs: string[] = [],
): Promise<TypeCheck> {
  for (const [name, source] of Object.entries(files)) writeFileSync(join(folder, name), source);
  return compileFiles(folder, Object.keys(files), paths, extraArgs);
}

/** Type-checks existing `files` (absolute, or relative to `folder`) as `typeCheck` does. */
export async function compileFiles(
  folder: string,
  files: string[],
  paths: Record<string, string[]>,
  extraArgs: string[] = [],
): Promise<TypeCheck> {
  const tsconfig = {
    compilerOptions: {
      ...STRICT_OPTIONS,
      baseUrl: REPO_ROOT,
      paths: { zod: ['node_modules/zod'], ...paths },
    },
    files,
  };
  writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify(tsconfig));
  try {
    const { stdout, stderr } = await run(process.execPath, [TSC_59, '-p', folder, ...extraArgs], folder);
    return { ok: true, output: stdout + stderr };
  } catch (err) {
    const failed = err as { stdout?: string; stderr?: string; message: string };
    return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` || failed.message };
  }
}
