import { trellisError } from '../errors/trellis-errors';
import type { MethodMetadata } from '../metadata/types';
import type {
  CallWrapper,
  InterceptedSite,
  InterceptorDefinition,
  InterceptorMetadata,
  InterceptorRegistry,
  RouteInterceptor,
  RouteInterceptorSite,
} from './interceptor-registry';

function definitionsOf(
  method: MethodMetadata,
  registry: InterceptorRegistry | undefined,
  site: InterceptedSite,
): [InterceptorDefinition, InterceptorMetadata][] {
  const where = `${site.className}.${site.methodName}`;
  return (method.interceptors ?? []).map((interceptor) => {
    const definition = registry?.get(interceptor.kind);
    if (!definition)
      throw trellisError('TRELLIS_ERR_MODULE_NOT_INSTALLED', interceptor.label, where, interceptor.module);
    return [definition, interceptor];
  });
}

/** The call wrappers of a method, outermost first; empty when it has none (the common case). */
export function compileCallWrappers(
  method: MethodMetadata,
  registry: InterceptorRegistry | undefined,
  site: InterceptedSite,
): CallWrapper[] {
  return definitionsOf(method, registry, site)
    .filter(([definition]) => definition.call)
    .map(([definition, interceptor]) => definition.call!(interceptor.options, site));
}

/** The route interceptors of a method, outermost first. */
export function compileRouteInterceptors(
  method: MethodMetadata,
  registry: InterceptorRegistry | undefined,
  site: RouteInterceptorSite,
): RouteInterceptor[] {
  return definitionsOf(method, registry, site)
    .filter(([definition]) => definition.route)
    .map(([definition, interceptor]) => definition.route!(interceptor.options, site));
}

/** Runs `call` inside every wrapper, the first outermost. */
export function wrapCall(wrappers: readonly CallWrapper[], call: () => unknown): unknown {
  let wrapped = call;
  for (let i = wrappers.length - 1; i >= 0; i--) {
    const wrapper = wrappers[i];
    const inner = wrapped;
    wrapped = () => wrapper(inner);
  }
  return wrapped();
}
