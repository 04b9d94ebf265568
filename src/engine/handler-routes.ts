import { runObserved } from '../observability/request-state';
import { type CompiledRoute, routeShape, routingError, toRouterPath } from '../routing';
import type { HandlerMethod, HandlerMount, NodeHandler } from './engine';

/** One path of a mounted handler, as both engines route it. */
export interface HandlerRoute {
  /** GET comes with HEAD, as on routes. */
  methods: HandlerMethod[];
  /** In the router's syntax. */
  path: string;
  handler: NodeHandler;
}

function withHead(methods: readonly HandlerMethod[]): HandlerMethod[] {
  const all = new Set(methods);
  if (all.has('GET')) all.add('HEAD');
  return [...all];
}

// A route on a mounted path would never be reached on one engine and clash on the other.
function refuseTakenPaths(mounts: readonly HandlerMount[], routes: readonly CompiledRoute[]): void {
  const taken = new Map<string, string>();
  for (const route of routes) {
    const name = `${route.controller.target.name}.${route.handler.name}`;
    taken.set(`${route.method} ${routeShape(route.path)}`, name);
  }
  for (const mount of mounts)
    for (const path of mount.paths) {
      const shape = routeShape(path);
      for (const method of withHead(mount.methods)) {
        const route = taken.get(`${method} ${shape}`) ?? taken.get(`ALL ${shape}`);
        if (route) throw routingError('TRELLIS_ERR_DUPLICATE_ROUTE', method, path, route, mount.name);
        taken.set(`${method} ${shape}`, mount.name);
      }
    }
}

// What the observability hook does for compiled routes: logs, metrics and spans name the mounted path,
// and the handler runs under the request's span.
function observed(template: string, handler: NodeHandler): NodeHandler {
  return (req, res, next, ctx) =>
    runObserved(req, template, ctx, () => handler(req, res, next, ctx), undefined);
}

/**
 * The routes of the mounted handlers, once a route taking one of their paths has been refused;
 * when requests are observed, each notes its path template on the request as routes do.
 */
export function handlerRoutes(
  mounts: readonly HandlerMount[],
  routes: readonly CompiledRoute[],
  observe: boolean,
): HandlerRoute[] {
  refuseTakenPaths(mounts, routes);
  return mounts.flatMap((mount) =>
    mount.paths.map((template) => ({
      methods: withHead(mount.methods),
      path: toRouterPath(template).path,
      handler: observe ? observed(template, mount.handler) : mount.handler,
    })),
  );
}
