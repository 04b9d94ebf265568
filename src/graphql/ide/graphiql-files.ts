import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** A browser file of an installed package. */
interface PackageFile {
  packageName: string;
  file: string;
  type: string;
}

const CSS = 'text/css; charset=utf-8';
const JS = 'text/javascript; charset=utf-8';

/**
 * The prebuilt browser files the IDE page loads, by the name it asks for: GraphiQL 3's UMD build
 * on React 18's (the last React with UMD files), and graphql-ws's client for subscriptions.
 * Nothing else of these packages is reachable.
 */
export const GRAPHIQL_FILES: Readonly<Record<string, PackageFile>> = {
  'graphiql.min.css': { packageName: 'graphiql', file: 'graphiql.min.css', type: CSS },
  'react.production.min.js': { packageName: 'react', file: 'umd/react.production.min.js', type: JS },
  'react-dom.production.min.js': {
    packageName: 'react-dom',
    file: 'umd/react-dom.production.min.js',
    type: JS,
  },
  'graphiql.min.js': { packageName: 'graphiql', file: 'graphiql.min.js', type: JS },
  'graphql-ws.min.js': { packageName: 'graphql-ws', file: 'umd/graphql-ws.min.js', type: JS },
};

/** Where each file lies; a package that is missing fails here, at `ready()`, naming it. */
export function locateGraphiqlFiles(): Map<string, string> {
  const located = new Map<string, string>();
  for (const [name, { packageName, file }] of Object.entries(GRAPHIQL_FILES)) {
    let folder: string;
    try {
      folder = dirname(require.resolve(`${packageName}/package.json`));
    } catch (cause) {
      throw new Error(`GraphQL: the IDE needs the ${packageName} package installed (or graphql.ide: false)`, {
        cause,
      });
    }
    located.set(name, join(folder, file));
  }
  return located;
}

/** Reads each file once, on its first request; a failed read is tried again next time. */
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
