import type { GuardDefinition } from '../../src/kernel';
import { ForbiddenException } from '../../src/kernel';
import { AUTH_GUARD_KIND } from '../auth';
import { callerOf } from './caller-of';
import { MINIMUM_ROLE_GUARD_KIND } from './minimum-role-decorator';
import { RBAC_ERROR_CODES } from './rbac-error-codes';
import { rbacError } from './rbac-errors';
import { RbacService } from './rbac-service';

/**
 * The guard kind of `MinimumRole(role)`: the caller's level must reach the role's,
 * or 403. On a class and a method both apply, so the highest level is the one checked.
 */
export const minimumRoleGuard: GuardDefinition = {
  kind: MINIMUM_ROLE_GUARD_KIND,
  priority: 10,
  requires: [AUTH_GUARD_KIND],
  compile(options, site) {
    const rbac = site.container.get(RbacService);
    let required = Number.NEGATIVE_INFINITY;
    for (const role of options as string[]) {
      const level = rbac.levelOf(role);
      if (level === undefined) {
        const known = rbac.roles.map((r) => r.name).join(', ');
        throw rbacError('TRELLIS_ERR_UNKNOWN_ROLE', role, known).at(
          `MinimumRole('${role}') on ${site.className}.${site.methodName}`,
        );
      }
      required = Math.max(required, level);
    }
    const { notAuthenticated, roleTooLow } = rbac.messages;
    return (ctx) => {
      if (!rbac.meetsLevel(callerOf(ctx, notAuthenticated), required))
        throw new ForbiddenException(roleTooLow, { code: RBAC_ERROR_CODES.ROLE_TOO_LOW });
    };
  },
};
