import { MissingPackageError } from './missing-package-error';

/** The supported range of an optional peer, as package.json declares it (read only on failure). */
export function declaredRange(name: string): string | undefined {
  try {
    return require('../../../package.json').peerDependencies?.[name];
  } catch {
    return undefined;
  }
}

// A module that is present but itself misses a dependency is not "not installed": rethrow that.
function isMissing(err: unknown, name: string): boolean {
  const { code, message } = err as { code?: string; message?: string };
  return (
    (code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND') &&
    typeof message === 'string' &&
    (message.includes(`'${name}'`) || message.includes(`'${name}/`))
  );
}

/**
 * Loads an optional peer dependency (fastify, ws, ioredis, the Apollo packages, ...) on first
 * use; when it is missing, throws a `MissingPackageError` that names the package to install.
 * @example const { Redis } = loadOptional<typeof import('ioredis')>('ioredis', 'createRedisClient()');
 */
export function loadOptional<T>(name: string, feature: string): T {
  try {
    return require(name) as T;
  } catch (err) {
    if (isMissing(err, name))
      throw new MissingPackageError([{ name, feature, range: declaredRange(name) }], err);
    throw err;
  }
}

/** Whether an optional peer dependency is installed. */
export function isInstalled(name: string): boolean {
  // Resolving finds the package without running it; package.json covers packages without a main.
  for (const request of [name, `${name}/package.json`]) {
    try {
      require.resolve(request);
      return true;
    } catch {}
  }
  return false;
}

/**
 * Checks at `ready()` that an optional peer a feature will load later is installed, without
 * loading it (Apollo, say, is loaded by the first GraphQL request).
 */
export function requireInstalled(name: string, feature: string): void {
  if (!isInstalled(name)) throw new MissingPackageError([{ name, feature, range: declaredRange(name) }]);
}
