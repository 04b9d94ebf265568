import type { AppContainer } from '../../../container/app-container';
import { isEntryPoint, metadataRegistry } from '../metadata/registry';
import { compileCallWrappers, wrapCall } from './compile-interceptors';
import type { InterceptorRegistry } from './interceptor-registry';
import { interceptedClasses } from './record-interceptor';

type Activation = (context: unknown, instance: Record<string, unknown>) => unknown;
type Method = (...args: unknown[]) => unknown;

/**
 * Wraps the intercepted methods of injectables (a service's `Transactional()` method) on every
 * instance the container builds. Handlers are wrapped by their compiled invocation instead.
 */
export function interceptInstances(container: AppContainer, registry: InterceptorRegistry): void {
  for (const target of interceptedClasses()) {
    if (!container.isBound(target as never)) continue;
    const methods = [...(metadataRegistry.find(target)?.methods.values() ?? [])].filter(
      (method) => method.interceptors?.length && !isEntryPoint(method),
    );
    const plans = methods
      .map((method) => ({
        name: method.name,
        wrappers: compileCallWrappers(method, registry, {
          className: target.name,
          methodName: method.name,
          container,
        }),
      }))
      .filter((plan) => plan.wrappers.length > 0);
    if (plans.length === 0) continue;
    const activate: Activation = (_context, instance) => {
      for (const { name, wrappers } of plans) {
        const original = instance[name] as Method;
        instance[name] = (...args: unknown[]) => wrapCall(wrappers, () => original.apply(instance, args));
      }
      return instance;
    };
    (container as unknown as { onActivation(token: unknown, activation: Activation): void }).onActivation(
      target,
      activate,
    );
  }
}
