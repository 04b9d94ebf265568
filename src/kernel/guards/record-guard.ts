import { metadataRegistry } from '../metadata/registry';
import type { GuardMetadata } from '../metadata/types';

/**
 * Records a guard on a class (every method) or on one method; a module's guard decorator is one
 * call of it, and the module defines the guard's kind at install.
 * @example export const ApiKey = () => recordGuard({ kind: 'apiKey', module: 'keys', label: 'ApiKey()' });
 */
export function recordGuard(guard: GuardMetadata): ClassDecorator & MethodDecorator {
  return ((target: Function | object, key?: string | symbol) => {
    if (key === undefined) metadataRegistry.forClass(target as Function).guards.push(guard);
    else metadataRegistry.forMethod((target as object).constructor, key).guards.push(guard);
  }) as ClassDecorator & MethodDecorator;
}
