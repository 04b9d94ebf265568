import type { GuardDocs } from '../../src/kernel';
import { HTTP_STATUS, recordGuard } from '../../src/kernel';

/** The guard kind `Permissions()` records and the rbac module defines. */
export const PERMISSIONS_GUARD_KIND = 'permissions';

/** The names as the rbac module's labels and errors show them: `'a', 'b'`. */
export function quoted(names: readonly string[]): string {
  return names.map((name) => `'${name}'`).join(', ');
}

const PERMISSIONS_DOCS: GuardDocs = {
  security: 'bearer',
  responses: [HTTP_STATUS.FORBIDDEN],
  notes(lists) {
    const names = [...new Set((lists as string[][]).flat())];
    if (names.length === 0) return [];
    return [`Requires the permission${names.length > 1 ? 's' : ''} ${quoted(names)}.`];
  },
};

/**
 * Requires every one of `permissions` (module `rbac`): 403 when one is missing. On a class and a
 * method, all of both. A permission missing from the rbac list fails `ready()`.
 * @example @Post('/tasks') @Permissions('tasks.create') create(...) { ... }
 */
export function Permissions(...permissions: string[]): ClassDecorator & MethodDecorator {
  return recordGuard({
    kind: PERMISSIONS_GUARD_KIND,
    module: 'rbac',
    label: `Permissions(${quoted(permissions)})`,
    options: permissions,
    docs: PERMISSIONS_DOCS,
  });
}
