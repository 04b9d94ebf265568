import nodeModule from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Turns on Node's module compile cache (V8 code cache on disk) for this process and for the
 * processes it starts: the directory goes in `NODE_COMPILE_CACHE`, so `serve()` workers load
 * the primary's cache instead of compiling every file again. `NODE_DISABLE_COMPILE_CACHE=1`
 * turns it off; `NODE_COMPILE_CACHE=<dir>` chooses where it lives (default: the OS temporary
 * folder's `node-compile-cache`). Resolves to the directory in use, or undefined when off.
 */
export function enableCompileCache(): string | undefined {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  // Node 22.1 and later; an older Node simply starts without it.
  const enable = (nodeModule as { enableCompileCache?: (base: string) => { directory?: string } })
    .enableCompileCache;
  // Node's default folder, named here so that the child processes get the same one (Node adds a
  // folder per Node version below it, so one base serves several versions).
  const base = process.env.NODE_COMPILE_CACHE || join(tmpdir(), 'node-compile-cache');
  const directory = enable?.(base).directory;
  if (directory) process.env.NODE_COMPILE_CACHE = base;
  return directory;
}
