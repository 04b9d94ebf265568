import { trellisError } from '../errors/trellis-errors';
import { metadataRegistry } from '../metadata/registry';
import type { Class } from '../metadata/types';
import { applyContract } from './apply-contract';
import { compileRoute, type RouteCompilerEnv } from './compile-route';
import type { CompiledRoute } from './compiled-route';
import { routeShape } from './route-path';

function checkUnique(routes: CompiledRoute[]): void {
  const seen = new Map<string, CompiledRoute>();
  for (const route of routes) {
    const shape = routeShape(route.path);
    const clashes = [`${route.method} ${shape}`, `ALL ${shape}`];
    if (route.method === 'ALL')
      for (const other of seen.values())
        if (routeShape(other.path) === shape) clashes.push(`${other.method} ${shape}`);
    for (const key of clashes) {
      const first = seen.get(key);
      if (first) {
        throw trellisError(
          'TRELLIS_ERR_DUPLICATE_ROUTE',
          route.method,
          route.path,
          `${route.controller.target.name}.${route.handler.name}`,
          `${first.controller.target.name}.${first.handler.name}`,
        );
      }
    }
    seen.set(`${route.method} ${shape}`, route);
  }
}

/** Compiles every route of the given controllers, refusing two routes with one method and path. */
export function compileControllers(controllers: Iterable<Class>, env: RouteCompilerEnv): CompiledRoute[] {
  const routes: CompiledRoute[] = [];
  for (const target of controllers) {
    const meta = metadataRegistry.find(target);
    if (meta?.role !== 'controller')
      throw trellisError('TRELLIS_ERR_NOT_DECORATED', target.name, 'Controller');
    for (const method of meta.methods.values()) {
      const where = `${target.name}.${method.name}`;
      if (method.http || method.contract)
        routes.push(compileRoute(meta, applyContract(method, meta.path, where), env));
    }
  }
  checkUnique(routes);
  return routes;
}
