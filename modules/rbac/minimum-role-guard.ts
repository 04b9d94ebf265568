import { ForbiddenException } from '../../src/errors/exceptions';
import { trellisError } from '../../src/errors/trellis-errors';
import type { GuardDefinition } from '../../src/guards/guard-registry';
import { callerOf } from './caller-of';
import { RBAC_MESSAGES } from './rbac-messages';
import { RbacService } from './rbac-service';

/**
 * The guard kind 'minimumRole' (`MinimumRole(role)`): the caller's level must reach the role's,
 * or 403. On a class and a method both apply, so the highest level is the one checked.
 */
export const minimumRoleGuard: GuardDefinition = {
  kind: 'minimumRole',
  priority: 10,
  requires: ['auth'],
  compile(options, site) {
    const rbac = site.container.get(RbacService);
    let required = Number.NEGATIVE_INFINITY;
    for (const role of options as string[]) {
      const level = rbac.levelOf(role);
      if (level === undefined) {
        const known = rbac.roles.map((r) => r.name).join(', ');
        throw trellisError('TRELLIS_ERR_UNKNOWN_ROLE', role, known).at(
          `MinimumRole('${role}') on ${site.className}.${site.methodName}`,
        );
      }
      required = Math.max(required, level);
    }
    return (ctx) => {
      if (!rbac.meetsLevel(callerOf(ctx), required)) throw new ForbiddenException(RBAC_MESSAGES.roleTooLow);
    };
  },
};
