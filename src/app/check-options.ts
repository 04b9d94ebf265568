import type { AppOptions } from './app-options';

/** The option's object form, or no settings for `true`. */
export function objectOr<T extends object>(option: boolean | T): T | Record<string, never> {
  return typeof option === 'object' ? option : {};
}

/** Refuses malformed shutdown and metrics options when the application is created. */
export function checkLifecycleOptions(options: AppOptions): void {
  for (const name of ['shutdownTimeoutMs', 'shutdownDelayMs'] as const) {
    const value = options[name];
    if (value !== undefined && !(Number.isInteger(value) && value >= 0))
      throw new Error(`${name} must be a whole number of milliseconds, 0 or more (got ${value})`);
  }
  const metrics = options.metrics;
  if (typeof metrics === 'object') {
    const { port, path } = metrics;
    if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65_535))
      throw new Error(`metrics.port must be a port number from 0 to 65535 (got ${port})`);
    if (path !== undefined && !path.startsWith('/'))
      throw new Error(`metrics.path must start with '/': '${path}'`);
  }
}
