import type { AppContainer as Container } from './app-container';
import { bindInjectable } from './bind-injectable';
import { assertConstructible } from './constructor-parameters';
import { containerError } from './container-errors';
import { explicitScope, isDeclared } from './declared-classes';
import type { Scope } from './scope';

type Class = new (...args: any[]) => unknown;

/** The scope a class declared with `Injectable(scope)`, `Controller`, ...; singleton by default. */
export function declaredScope(target: Function): Scope {
  return explicitScope(target) ?? 'singleton';
}

function constructorDependencies(target: Function): Class[] {
  const types: unknown[] = Reflect.getMetadata('design:paramtypes', target) ?? [];
  return types.filter(
    (type): type is Class => typeof type === 'function' && type !== Object && isDeclared(type),
  );
}

function captureError(holder: Function, through: Function[], target: Function): Error {
  const via = through.length > 0 ? ` through transient ${through.map((c) => c.name).join(' -> ')}` : '';
  return containerError('TRELLIS_ERR_SCOPE_CAPTURE', holder.name, target.name, via);
}

/**
 * Binds `roots` and every decorated class they reach through constructor injection, each in
 * its declared scope (or `rootScope` for the roots), and refuses a singleton that captures a
 * request-scoped class, directly or through transient ones.
 */
export function bindDependencyGraph(
  container: Container,
  roots: Iterable<Function>,
  rootScope?: Scope,
): void {
  const scopes = new Map<Function, Scope>();
  // A transient class lives as long as what holds it, so it is checked once per holder lifetime.
  const visited = new Map<Function, Set<Scope>>();
  const visit = (target: Function, path: Function[]): void => {
    const scope = scopes.get(target) ?? (path.length === 0 && rootScope ? rootScope : declaredScope(target));
    scopes.set(target, scope);
    const holderIndex = path.findLastIndex((ancestor) => scopes.get(ancestor) !== 'transient');
    const holder = path[holderIndex];
    const holderScope = holder ? scopes.get(holder)! : 'transient';
    if (scope === 'request' && holderScope === 'singleton')
      throw captureError(holder, path.slice(holderIndex + 1), target);
    const lifetime = scope === 'transient' ? holderScope : scope;
    const seen = visited.get(target) ?? new Set<Scope>();
    if (seen.has(lifetime)) return;
    visited.set(target, seen.add(lifetime));
    if (!container.isBound(target as Class)) {
      assertConstructible(container, target);
      bindInjectable(container, target as Class, scope);
    }
    for (const dependency of constructorDependencies(target)) visit(dependency, [...path, target]);
  };
  for (const root of roots) visit(root, []);
}
