import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Application } from '../../src/app/application';

// Kept from TypeScript's CommonJS output, which would turn `import()` into `require()`: an ES
// module file is loaded too.
const importModule = new Function('url', 'return import(url)') as (
  url: string,
) => Promise<Record<string, unknown>>;

function isApplication(value: unknown): value is Application {
  return typeof (value as Application | undefined)?.inspect === 'function';
}

// The application a module exports: its default export, an export named `app`, or its only
// application or function export; a function is called (and awaited) to make it.
function exportedApp(exports: Record<string, unknown>): unknown {
  const candidates = [exports.default, exports.app, exports.createApp];
  const fromDefault = (exports.default as Record<string, unknown> | undefined)?.default;
  candidates.push(fromDefault);
  for (const candidate of candidates)
    if (isApplication(candidate) || typeof candidate === 'function') return candidate;
  const found = Object.values(exports).filter((value) => isApplication(value) || typeof value === 'function');
  return found.length === 1 ? found[0] : undefined;
}

/** What loading failed on: a message for the user. */
export class LoadAppError extends Error {}

/** Loads `file` and returns the application it exports, made by its factory when it exports one; never listens. */
export async function loadApp(file: string): Promise<Application> {
  const path = resolve(file);
  const exports = await importModule(pathToFileURL(path).href);
  const exported = exportedApp(exports);
  if (exported === undefined)
    throw new LoadAppError(
      `${file} exports no application: export it (as default or \`app\`) or a function that returns one`,
    );
  const app = typeof exported === 'function' && !isApplication(exported) ? await exported() : exported;
  if (!isApplication(app))
    throw new LoadAppError(`${file}: what it exports does not return an application (createApp(...))`);
  return app;
}
