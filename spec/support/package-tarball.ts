import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** The repository root (specs run from dist/spec). */
export const ROOT = join(__dirname, '..', '..', '..');
/** The repository's package.json. */
export const MANIFEST = require(join(ROOT, 'package.json'));

// What an unbuilt clone holds that the package build reads.
const SOURCES = [
  'package.json',
  'README.md',
  'tsconfig.json',
  'tsconfig.build.json',
  'index.ts',
  'src',
  'container',
  'modules',
  'testing',
  'cli',
  'bin',
  'scripts',
];

/** A process environment without the outer npm's settings, so a nested npm reads only its own. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (!key.toLowerCase().startsWith('npm_')) env[key] = value;
  return { ...env, LOG_LEVEL: 'silent', ...extra };
}

/** Runs a command; resolves to its output, rejects with it. */
export async function run(
  file: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = cleanEnv(),
): Promise<{ stdout: string; stderr: string }> {
  try {
    return await promisify(execFile)(file, args, { cwd, env, maxBuffer: 64 * 1024 * 1024, timeout: 300_000 });
  } catch (err) {
    const { stdout, stderr, message } = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${message}\n${stdout ?? ''}\n${stderr ?? ''}`);
  }
}

/** A fresh folder under the system's temporary folder, outside the repository. */
export function tempFolder(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `trellis-${prefix}-`));
}

/** What `npm pack` made. */
export interface PackedTarball {
  path: string;
  size: number;
  files: string[];
  output: string;
}

let packing: Promise<PackedTarball> | undefined;

async function packClone(): Promise<PackedTarball> {
  const clone = tempFolder('clone');
  process.once('exit', () => removeFolder(clone));
  for (const source of SOURCES) cpSync(join(ROOT, source), join(clone, source), { recursive: true });
  // The clone has no dist/: `npm pack` must build the package itself (prepack).
  symlinkSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'), 'dir');
  const { stdout, stderr } = await run('npm', ['pack', '--json', '--pack-destination', clone], clone);
  const [packed] = JSON.parse(stdout.slice(stdout.indexOf('[')));
  return {
    path: join(clone, packed.filename),
    size: packed.size,
    files: packed.files.map((file: { path: string }) => file.path),
    output: stderr,
  };
}

/** Packs an unbuilt copy of the repository once per run; every package spec shares the tarball. */
export function packedTarball(): Promise<PackedTarball> {
  packing ??= packClone();
  return packing;
}

/** Removes a temporary folder. */
export function removeFolder(path: string | undefined): void {
  if (path) rmSync(path, { recursive: true, force: true });
}
