import type { Container } from 'inversify';
import { activeRequestScope } from './request-scope';
import type { Scope } from './scope';

/** Binds a class to itself in the container with one of Trellis's scopes. */
export function bindInjectable(
  container: Container,
  target: new (...args: any[]) => unknown,
  scope: Scope,
): void {
  if (scope === 'singleton') {
    container.bind(target).toSelf().inSingletonScope();
    return;
  }
  if (scope === 'transient') {
    container.bind(target).toSelf().inTransientScope();
    return;
  }
  // Inversify's own request scope lasts one resolution tree, not one HTTP request, so the
  // instance is kept in the Trellis request scope and only its construction goes to Inversify.
  const builder = Symbol(`${target.name}:request-scoped-builder`);
  container.bind(builder).to(target).inTransientScope();
  container
    .bind(target)
    .toDynamicValue((context) => {
      const scope = activeRequestScope();
      if (!scope) {
        throw new Error(
          `${target.name} is request-scoped but was resolved outside a request: inject it with Depends() ` +
            'or make the class that needs it request-scoped too',
        );
      }
      return scope.getOrCreate(target, () => context.get(builder));
    })
    .inTransientScope();
}
