import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository's root, from dist/spec/support. */
export const REPOSITORY_ROOT = resolve(__dirname, '..', '..', '..');

/** The TypeScript sources under `dir`, at any depth. */
export function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The sources of the framework: `src/`, `container/` and `modules/`. */
export function frameworkSources(): string[] {
  return ['src', 'container', 'modules'].flatMap((dir) => sourcesUnder(join(REPOSITORY_ROOT, dir)));
}
