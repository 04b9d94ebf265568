import type { Container as InversifyContainer } from 'inversify';
import { inversify } from './inversify-runtime';

const boundClasses = new WeakMap<object, Map<unknown, Function>>();

/** The class a token was bound to with `.to(Class)`, if it was: the graph follows a token to it. */
export function boundClass(container: object, token: unknown): Function | undefined {
  return boundClasses.get(container)?.get(token);
}

/**
 * Inversify's container, noting what each token is bound to with `.to(Class)`: Inversify keeps
 * its bindings private, and the dependency graph must follow `@Inject(TOKEN)` through them.
 */
export class RecordingContainer extends inversify.Container {
  constructor() {
    super();
    boundClasses.set(this, new Map());
  }

  override bind: InversifyContainer['bind'] = (token) => {
    const syntax = super.bind(token);
    const to = syntax.to.bind(syntax);
    syntax.to = (type) => {
      boundClasses.get(this)?.set(token, type);
      return to(type);
    };
    return syntax;
  };

  override unbind(token: Parameters<InversifyContainer['unbind']>[0]): void {
    boundClasses.get(this)?.delete(token);
    super.unbind(token);
  }
}
