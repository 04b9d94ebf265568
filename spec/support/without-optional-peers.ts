// Preloaded (`node -r`) into a child process: every optional peer dependency resolves as not
// installed, as in an application that installed only Trellis's required dependencies.
import Module = require('node:module');

/** The optional peer dependencies of package.json. */
export const OPTIONAL_PEERS: string[] = Object.keys(require('../../../package.json').peerDependencies);

const loader = Module as unknown as { _resolveFilename(request: string, ...rest: unknown[]): string };
const resolveFilename = loader._resolveFilename;
loader._resolveFilename = function (request: string, ...rest: unknown[]) {
  if (OPTIONAL_PEERS.some((name) => request === name || request.startsWith(`${name}/`))) {
    const err = Object.assign(new Error(`Cannot find module '${request}'`), { code: 'MODULE_NOT_FOUND' });
    throw err;
  }
  return resolveFilename.call(this, request, ...rest);
};
