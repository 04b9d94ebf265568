import type { GuardDocs } from '../../src/kernel';
import { HTTP_STATUS, recordGuard } from '../../src/kernel';

/** The guard kind `MinimumRole()` records and the rbac module defines. */
export const MINIMUM_ROLE_GUARD_KIND = 'minimumRole';

const MINIMUM_ROLE_DOCS: GuardDocs = {
  security: 'bearer',
  responses: [HTTP_STATUS.FORBIDDEN],
  notes: (roles) => roles.map((role) => `Requires the role '${String(role)}' or higher.`),
};

/**
 * Requires a role whose level is at least that of `role` (module `rbac`): 403 below it. On a
 * class and a method both apply. An unknown role fails `ready()`.
 * @example @Get('/users') @MinimumRole('manager') list() { ... }
 */
export function MinimumRole(role: string): ClassDecorator & MethodDecorator {
  return recordGuard({
    kind: MINIMUM_ROLE_GUARD_KIND,
    module: 'rbac',
    label: `MinimumRole('${role}')`,
    options: role,
    docs: MINIMUM_ROLE_DOCS,
  });
}
