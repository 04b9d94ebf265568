import { type GuardRegistry, guardKinds } from '../kernel';
import type { CompiledRoute } from '../routing';
import type { RouteDescription } from './app-description';

function describeRoute(route: CompiledRoute, registry: GuardRegistry): RouteDescription {
  const handler = `${route.controller.target.name}.${route.handler.name}`;
  const description: RouteDescription = {
    method: route.method,
    path: route.path,
    handler,
    guards: guardKinds(route.guards, registry, handler),
    interceptors: (route.handler.interceptors ?? []).map((interceptor) => interceptor.kind),
    phases: route.hooks,
  };
  if (route.version !== undefined) description.version = route.version;
  const { deprecation } = route;
  if (deprecation) {
    description.deprecated = { since: deprecation.since.toISOString() };
    if (deprecation.sunset) description.deprecated.sunset = deprecation.sunset.toISOString();
    if (deprecation.link) description.deprecated.link = deprecation.link;
  }
  return description;
}

/** The compiled routes, one entry per version a route dispatches to by header or media type. */
export function describeRoutes(
  routes: readonly CompiledRoute[],
  registry: GuardRegistry,
): RouteDescription[] {
  return routes.flatMap((route) => (route.variants ?? [route]).map((each) => describeRoute(each, registry)));
}
