import { ForbiddenException } from '../../src/errors/exceptions';
import { trellisError } from '../../src/errors/trellis-errors';
import type { GuardDefinition } from '../../src/guards/guard-registry';
import { callerOf } from './caller-of';
import { RBAC_MESSAGES } from './rbac-messages';
import { RbacService } from './rbac-service';

/**
 * The guard kind 'permissions' (`Permissions(...names)`): the caller must hold every permission
 * named on the method and on its class, or 403.
 */
export const permissionsGuard: GuardDefinition = {
  kind: 'permissions',
  priority: 10,
  requires: ['auth'],
  compile(options, site) {
    const rbac = site.container.get(RbacService);
    const required = [...new Set((options as string[][]).flat())];
    const unknown = required.filter((permission) => !rbac.isPermission(permission));
    if (unknown.length > 0) {
      const names = unknown.map((permission) => `'${permission}'`).join(', ');
      throw trellisError('TRELLIS_ERR_UNKNOWN_PERMISSION', names).at(
        `Permissions on ${site.className}.${site.methodName}`,
      );
    }
    return (ctx) => {
      const granted = rbac.grantedTo(callerOf(ctx));
      for (const permission of required)
        if (!granted.has(permission)) throw new ForbiddenException(RBAC_MESSAGES.missingPermissions);
    };
  },
};
