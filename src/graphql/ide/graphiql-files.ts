import { dirname, join } from 'node:path';
import { isInstalled } from '../../optional';

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

/** The optional packages the IDE needs; graphql-ws, for subscriptions only, is used when installed. */
export const IDE_PACKAGES = ['graphiql', 'react', 'react-dom'];

/** Where each file of the installed packages lies, found once at `ready()`. */
export function locateGraphiqlFiles(): Map<string, string> {
  const located = new Map<string, string>();
  for (const [name, { packageName, file }] of Object.entries(GRAPHIQL_FILES)) {
    if (!isInstalled(packageName)) continue;
    located.set(name, join(dirname(require.resolve(`${packageName}/package.json`)), file));
  }
  return located;
}
