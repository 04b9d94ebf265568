/**
 * Loads an optional dependency on first use; when it is not installed, the error names the
 * package to install and what needs it.
 * @example const api = loadPackage<typeof import('@opentelemetry/api')>('@opentelemetry/api', 'tracing');
 */
export function loadPackage<T>(name: string, neededBy: string): T {
  try {
    return require(name) as T;
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND' && String(err).includes(name);
    if (missing)
      throw new Error(`${neededBy} needs the package '${name}': npm install ${name}`, { cause: err });
    throw err;
  }
}
