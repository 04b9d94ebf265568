import { metadataRegistry } from '../metadata/registry';
import type { InterceptorMetadata } from './interceptor-registry';

const intercepted = new Set<Function>();

/**
 * Records an interceptor on one method; a module's interceptor decorator is one call of it, and
 * the module defines the interceptor's kind at install.
 * @example export const Audited = () => recordInterceptor({ kind: 'audit', module: 'audit', label: 'Audited()' });
 */
export function recordInterceptor(interceptor: InterceptorMetadata): MethodDecorator {
  return (target, key) => {
    const method = metadataRegistry.forMethod(target.constructor, key);
    method.interceptors ??= [];
    method.interceptors.push(interceptor);
    intercepted.add(target.constructor);
  };
}

/** The classes with an intercepted method, whose instances `ready()` wraps. */
export function interceptedClasses(): Iterable<Function> {
  return intercepted;
}
