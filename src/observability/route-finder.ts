import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { HTTP_METHODS } from '../http/http-methods';
import { type CompiledRoute, toRouterPath } from '../routing';

/** The route template a method and URL would reach, if any. */
export type RouteFinder = (method: string | undefined, url: string | undefined) => string | undefined;

const ALL_METHODS: HTTPMethod[] = [...HTTP_METHODS];

/**
 * Finds the template of requests answered before their route ran (a rate limit's 429 from
 * middleware, a body refused): they are labelled by the route they asked for, and only requests
 * no route matches share the unmatched label. Used once per such request, never on the usual path.
 */
export function routeFinder(routes: readonly CompiledRoute[]): RouteFinder {
  // Built by the first request that needs it: most applications never answer one that way.
  let router: FindMyWay.Instance<FindMyWay.HTTPVersion.V1> | undefined;
  const build = () => {
    const built = FindMyWay({ ignoreTrailingSlash: true, caseSensitive: true, maxParamLength: 500 });
    for (const route of routes) {
      const methods: HTTPMethod[] = route.method === 'ALL' ? ALL_METHODS : [route.method];
      if (route.method === 'GET') methods.push('HEAD');
      built.on(methods, toRouterPath(route.path).path, () => {}, route.path);
    }
    return built;
  };
  return (method, url) => {
    if (!method || !url) return undefined;
    router ??= build();
    try {
      return router.find(method as HTTPMethod, url)?.store as string | undefined;
    } catch {
      return undefined;
    }
  };
}
