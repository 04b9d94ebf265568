import type { GuardDefinition } from '../../src/kernel';
import { ForbiddenException } from '../../src/kernel';
import { AUTH_GUARD_KIND } from '../auth';
import { callerOf } from './caller-of';
import { PERMISSIONS_GUARD_KIND, quoted } from './permissions-decorator';
import { RBAC_ERROR_CODES } from './rbac-error-codes';
import { rbacError } from './rbac-errors';
import { RbacService } from './rbac-service';

/**
 * The guard kind of `Permissions(...names)`: the caller must hold every permission
 * named on the method and on its class, or 403.
 */
export const permissionsGuard: GuardDefinition = {
  kind: PERMISSIONS_GUARD_KIND,
  priority: 10,
  requires: [AUTH_GUARD_KIND],
  compile(options, site) {
    const rbac = site.container.get(RbacService);
    const required = [...new Set((options as string[][]).flat())];
    const unknown = required.filter((permission) => !rbac.isPermission(permission));
    if (unknown.length > 0) {
      throw rbacError('TRELLIS_ERR_UNKNOWN_PERMISSION', quoted(unknown)).at(
        `Permissions on ${site.className}.${site.methodName}`,
      );
    }
    const { notAuthenticated, missingPermissions } = rbac.messages;
    return (ctx) => {
      const granted = rbac.grantedTo(callerOf(ctx, notAuthenticated));
      for (const permission of required)
        if (!granted.has(permission))
          throw new ForbiddenException(missingPermissions, { code: RBAC_ERROR_CODES.PERMISSION_MISSING });
    };
  },
};
