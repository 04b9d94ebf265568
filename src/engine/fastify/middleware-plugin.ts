import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import type { Middleware } from '../engine';

/** One `app.use(path?, middleware)` entry, in the order added. */
export interface MountedMiddleware {
  path?: string;
  middleware: Middleware;
}

/**
 * A root-level plugin that mounts the `(req, res, next)` middleware through @fastify/middie.
 * It reads the list when Fastify loads it (at `ready()`, after every `use()`), and without
 * middleware it registers nothing, so requests pay for no middleware hook at all.
 */
export function middlewarePlugin(mounted: readonly MountedMiddleware[]) {
  async function mountMiddleware(fastify: FastifyInstance): Promise<void> {
    if (mounted.length === 0) return;
    await fastify.register(middie);
    for (const { path, middleware } of mounted) {
      if (path === undefined) fastify.use(middleware);
      else fastify.use(path, middleware);
    }
  }
  // Not encapsulated: the middleware must run for every route, as on Express.
  return Object.assign(mountMiddleware, { [Symbol.for('skip-override')]: true });
}
