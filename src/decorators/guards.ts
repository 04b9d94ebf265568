import { metadataRegistry } from '../metadata/registry';
import type { GuardMetadata } from '../metadata/types';

/** Records a guard on a class (every method) or on one method. */
export function recordGuard(guard: GuardMetadata): ClassDecorator & MethodDecorator {
  return ((target: Function | object, key?: string | symbol) => {
    if (key === undefined) metadataRegistry.forClass(target as Function).guards.push(guard);
    else metadataRegistry.forMethod((target as object).constructor, key).guards.push(guard);
  }) as ClassDecorator & MethodDecorator;
}

/** Requires a valid access token (module `auth`). */
export function Auth(): ClassDecorator & MethodDecorator {
  return recordGuard({ kind: 'auth', module: 'auth', label: 'Auth()' });
}

/** Requires a role whose level is at least that of `role` (module `rbac`). */
export function MinimumRole(role: string): ClassDecorator & MethodDecorator {
  return recordGuard({ kind: 'minimumRole', module: 'rbac', label: `MinimumRole('${role}')`, options: role });
}

/** Requires every one of `permissions` (module `rbac`). */
export function Permissions(...permissions: string[]): ClassDecorator & MethodDecorator {
  const label = `Permissions(${permissions.map((p) => `'${p}'`).join(', ')})`;
  return recordGuard({ kind: 'permissions', module: 'rbac', label, options: permissions });
}
