import { readFile } from 'node:fs/promises';

/**
 * Reads the files of a docs page (Swagger UI, GraphiQL) by name, each once, on its first
 * request; a failed read is tried again next time. A name `paths` does not list gives undefined.
 */
export function cachedReader(
  paths: ReadonlyMap<string, string>,
): (name: string) => Promise<Buffer> | undefined {
  const files = new Map<string, Promise<Buffer>>();
  return (name) => {
    const path = paths.get(name);
    if (path === undefined) return undefined;
    let file = files.get(name);
    if (!file) {
      file = readFile(path);
      file.catch(() => files.delete(name));
      files.set(name, file);
    }
    return file;
  };
}
