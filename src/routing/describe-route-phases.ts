import {
  type GuardMetadata,
  type GuardRegistry,
  guardKinds,
  type InterceptorRegistry,
  type MethodMetadata,
  type Phase,
} from '../kernel';

/** What a route runs besides its hooks, as `describeRoutePhases` names it. */
export interface RouteBuiltIns {
  handler: MethodMetadata;
  where: string;
  guards: readonly GuardMetadata[];
  guardRegistry: GuardRegistry;
  interceptors?: InterceptorRegistry;
  /** The writer wrappers chosen for the route (`etag`, `answer listeners`). */
  writers: readonly string[];
}

/**
 * Every step of one route, phase by phase, by name: the hooks that apply to it and what the
 * route itself runs (its guards, interceptors, method and writers), for `inspect()` and the
 * devtools page. Empty phases are left out.
 */
export function describeRoutePhases(
  hooks: Partial<Record<Phase, string[]>>,
  route: RouteBuiltIns,
): Partial<Record<Phase, string[]>> {
  const declared = route.handler.interceptors ?? [];
  const kindsWith = (part: 'route' | 'call') =>
    declared.filter((each) => route.interceptors?.get(each.kind)?.[part]).map((each) => each.kind);
  const phases: Record<Phase, string[]> = {
    onRequest: hooks.onRequest ?? [],
    guard: [...guardKinds(route.guards, route.guardRegistry, route.where), ...(hooks.guard ?? [])],
    parse: hooks.parse ?? [],
    preHandler: [...(hooks.preHandler ?? []), ...kindsWith('route')],
    handler: [...kindsWith('call'), route.where],
    onSend: [...(hooks.onSend ?? []), ...route.writers],
    onResponse: [...(hooks.onResponse ?? []), 'request scope'],
  };
  return Object.fromEntries(Object.entries(phases).filter(([, names]) => names.length > 0));
}
