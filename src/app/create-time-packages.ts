import { MissingPackages } from '../optional';
import type { AppOptions } from '../options/app-options';

/**
 * Checks, before any of them loads, every optional package that `createApp`'s own options load
 * (the engine, metrics, tracing, CORS), so that all the missing ones are named in one error.
 */
export function assertCreateTimePackages(options: Readonly<AppOptions>): void {
  const packages = new MissingPackages();
  if (options.engine === 'fastify') packages.needAll(['fastify', '@fastify/middie'], "The 'fastify' engine");
  if (options.metrics) packages.need('prom-client', 'The metrics option');
  if (options.tracing) packages.need('@opentelemetry/api', 'The tracing option');
  if (options.cors) packages.need('cors', 'CORS (the cors option)');
  packages.assertInstalled();
}
