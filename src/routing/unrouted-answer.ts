import FindMyWay from 'find-my-way';
import { HTTP_METHODS } from '../http/http-methods';
import { type HTTPException, MethodNotAllowedException, NotFoundException } from '../kernel';
import type { CompiledRoute } from './compiled-route';
import { pathOfUrl, routeShape, toRouterPath } from './route-path';

/** A path served beside the routes (GraphQL, the docs), in the router's syntax. */
export interface ServedPath {
  methods: readonly string[];
  path: string;
}

/** The answer to a request no route took: 405 with `Allow` when its path is known, else 404. */
export type UnroutedAnswer = (method: string, url: string) => HTTPException;

// The order `Allow` lists methods in; OPTIONS is left to CORS.
const METHOD_ORDER = HTTP_METHODS.filter((method) => method !== 'OPTIONS');

function notFound(method: string, url: string): HTTPException {
  return new NotFoundException(`Cannot ${method} ${pathOfUrl(url)}`);
}

/**
 * One tree of every routed path, whatever its method, whose leaves hold the methods served there
 * (HEAD wherever GET is). Only requests that no route took look it up, so it is built by the
 * first of them rather than at `ready()`: a large application starts without paying for a
 * second router, and one that is never asked for a wrong path never builds it.
 */
export function unroutedAnswer(
  routes: readonly CompiledRoute[],
  served: readonly ServedPath[],
): UnroutedAnswer {
  const byShape = new Map<string, { path: string; methods: Set<string> }>();
  const add = (routerPath: string, methods: readonly string[]) => {
    const shape = routeShape(routerPath);
    let entry = byShape.get(shape);
    if (!entry) {
      entry = { path: routerPath, methods: new Set() };
      byShape.set(shape, entry);
    }
    for (const method of methods) entry.methods.add(method);
    if (entry.methods.has('GET')) entry.methods.add('HEAD');
  };
  for (const route of routes) {
    // An `All()` route serves every method: its path is never a 405.
    if (route.method !== 'ALL') add(toRouterPath(route.path).path, [route.method]);
  }
  for (const { path, methods } of served) add(path, methods);
  let router: ReturnType<typeof FindMyWay> | undefined;
  const build = () => {
    const built = FindMyWay({ ignoreTrailingSlash: true, caseSensitive: true, maxParamLength: 500 });
    for (const { path, methods } of byShape.values()) {
      const allowed = METHOD_ORDER.filter((method) => methods.has(method));
      built.on('GET', path, () => {}, allowed);
    }
    return built;
  };
  return (method, url) => {
    // Outside the try: only a URL the router cannot read is a plain 404, never a build failure.
    router ??= build();
    let allowed: string[] | undefined;
    try {
      allowed = router.find('GET', url)?.store as string[] | undefined;
    } catch {
      return notFound(method, url);
    }
    if (!allowed || allowed.includes(method)) return notFound(method, url);
    return new MethodNotAllowedException(`Method ${method} is not allowed on ${pathOfUrl(url)}`, allowed);
  };
}
