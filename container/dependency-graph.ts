import type { Container } from 'inversify';
import { metadataRegistry } from '../src/metadata/registry';
import { bindInjectable } from './bind-injectable';
import type { Scope } from './scope';

type Class = new (...args: any[]) => unknown;

/** The scope a class declared with `Injectable(scope)`, `Controller`, ...; singleton by default. */
export function declaredScope(target: Function): Scope {
  return metadataRegistry.find(target)?.scope ?? 'singleton';
}

function constructorDependencies(target: Function): Class[] {
  const types: unknown[] = Reflect.getMetadata('design:paramtypes', target) ?? [];
  return types.filter(
    (type): type is Class =>
      typeof type === 'function' && type !== Object && metadataRegistry.find(type) !== undefined,
  );
}

/**
 * Binds `roots` and every decorated class they reach through constructor injection, each in
 * its declared scope, and refuses a longer-lived class that captures a request-scoped one.
 */
export function bindDependencyGraph(container: Container, roots: Iterable<Function>): void {
  const visiting = new Set<Function>();
  const visit = (target: Function, parent?: Function): void => {
    const scope = declaredScope(target);
    if (parent && scope === 'request' && declaredScope(parent) === 'singleton') {
      throw new Error(
        `${parent.name} is a singleton but its constructor needs request-scoped ${target.name}: ` +
          `make ${parent.name} request-scoped or take ${target.name} through Depends()`,
      );
    }
    if (visiting.has(target)) return;
    visiting.add(target);
    if (!container.isBound(target as Class)) bindInjectable(container, target as Class, scope);
    for (const dependency of constructorDependencies(target)) visit(dependency, target);
  };
  for (const root of roots) visit(root);
}
