import type { Container, ServiceIdentifier } from 'inversify';
import { containerError } from './container-errors';
import { activeRequestScope } from './request-scope';
import type { Scope } from './scope';

const boundScopes = new WeakMap<Container, Map<Function, Scope>>();

/** The scope Trellis bound `target` with in `container`, if Trellis bound it. */
export function boundScope(container: Container, target: Function): Scope | undefined {
  return boundScopes.get(container)?.get(target);
}

function remember(container: Container, target: Function, scope: Scope): void {
  const scopes = boundScopes.get(container) ?? new Map<Function, Scope>();
  boundScopes.set(container, scopes.set(target, scope));
}

/** Binds a class under `token` (itself by default) with one of Trellis's scopes. */
export function bindInjectable(
  container: Container,
  target: new (...args: any[]) => unknown,
  scope: Scope,
  token: ServiceIdentifier = target,
): void {
  if (typeof token === 'function') remember(container, token, scope);
  if (scope === 'singleton') {
    container.bind(token).to(target).inSingletonScope();
    return;
  }
  if (scope === 'transient') {
    container.bind(token).to(target).inTransientScope();
    return;
  }
  // Inversify's own request scope lasts one resolution tree, not one HTTP request, so the
  // instance is kept in the Trellis request scope and only its construction goes to Inversify.
  const builder = Symbol(`${target.name}:request-scoped-builder`);
  container.bind(builder).to(target).inTransientScope();
  container
    .bind(token)
    .toDynamicValue((context) => {
      const scope = activeRequestScope();
      if (!scope) throw containerError('TRELLIS_ERR_REQUEST_SCOPE_OUTSIDE_REQUEST', target.name);
      return scope.getOrCreate(token, () => context.get(builder));
    })
    .inTransientScope();
}
