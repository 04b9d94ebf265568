import type { Scope } from './scope';

// The layer above tells the container which classes it declared and with which scope, so the
// container never reads the decorators' metadata.
const declared = new WeakMap<Function, Scope | undefined>();

/** Records that `target` was declared to the framework (by any class or member decorator). */
export function declareClass(target: Function): void {
  if (!declared.has(target)) declared.set(target, undefined);
}

/** Records the scope `target` declared with `Injectable(scope)`. */
export function declareScope(target: Function, scope: Scope): void {
  declared.set(target, scope);
}

/** Whether `target` was declared to the framework, so the container may bind it on its own. */
export function isDeclared(target: Function): boolean {
  return declared.has(target);
}

/** The scope `target` declared, if it declared one. */
export function explicitScope(target: Function): Scope | undefined {
  return declared.get(target);
}
