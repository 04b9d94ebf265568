import { declareScope } from '../../container/declared-classes';
import type { Scope } from '../../container/scope';
import { metadataRegistry } from '../kernel';
import { markInjectable } from './mark-injectable';

/** Marks a class for constructor injection, with its scope (`'singleton'` by default). */
export function Injectable(scope: Scope = 'singleton'): ClassDecorator {
  return (target) => {
    metadataRegistry.forClass(target).scope = scope;
    declareScope(target, scope);
    markInjectable(target);
  };
}
