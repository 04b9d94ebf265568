// Preloaded (`node -r`) into a child process: every optional peer dependency resolves as not
// installed, as in an application that installed only Trellis's required dependencies.
// KEEP_OPTIONAL_PEERS (comma-separated) names the ones that stay installed.
import Module = require('node:module');

/** The optional peer dependencies of package.json. */
export const OPTIONAL_PEERS: string[] = Object.keys(require('../../../package.json').peerDependencies);

const kept = new Set(process.env.KEEP_OPTIONAL_PEERS?.split(',') ?? []);
const hidden = OPTIONAL_PEERS.filter((name) => !kept.has(name));

const loader = Module as unknown as { _resolveFilename(request: string, ...rest: unknown[]): string };
const resolveFilename = loader._resolveFilename;
loader._resolveFilename = function (request: string, ...rest: unknown[]) {
  if (hidden.some((name) => request === name || request.startsWith(`${name}/`))) {
    const err = Object.assign(new Error(`Cannot find module '${request}'`), { code: 'MODULE_NOT_FOUND' });
    throw err;
  }
  return resolveFilename.call(this, request, ...rest);
};
