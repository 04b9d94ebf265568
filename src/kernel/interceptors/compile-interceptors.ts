import { trellisError } from '../errors/trellis-errors';
import type { MethodMetadata } from '../metadata/types';
import type {
  CallWrapper,
  InterceptedSite,
  InterceptorDefinition,
  InterceptorMetadata,
  InterceptorRegistry,
} from './interceptor-registry';

/**
 * The definition of each interceptor a method declares, with what it recorded, outermost first;
 * a kind no installed module defines fails naming the module to install.
 */
export function interceptorDefinitions(
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
  return interceptorDefinitions(method, registry, site)
    .filter(([definition]) => definition.call)
    .map(([definition, interceptor]) => definition.call!(interceptor.options, site));
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
