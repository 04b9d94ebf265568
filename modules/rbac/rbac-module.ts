import { defineModule } from '../../src/kernel';
import { minimumRoleGuard } from './minimum-role-guard';
import { permissionsGuard } from './permissions-guard';
import type { RbacOptions } from './rbac-options';
import { RbacService } from './rbac-service';

declare module '../../src/kernel/extension-points' {
  interface ModuleOptionsMap {
    rbac: RbacOptions;
  }
}

declare module '../../src/kernel/extension-points' {
  interface GuardKindMap {
    /** `MinimumRole(role)`: the caller's role level at least that of `role`, or 403. */
    minimumRole: true;
    /** `Permissions(...perms)`: the caller holds every one of them, or 403. */
    permissions: true;
  }
}

/**
 * The `rbac` module: roles with levels, permissions, and the `MinimumRole()` / `Permissions()`
 * guards, checked after `Auth()`. Names on routes are checked at `ready()`.
 * @example app.install('rbac', { roles: REFERENCE_ROLES, permissions: REFERENCE_PERMISSIONS });
 */
export const rbacModule = defineModule<RbacOptions>({
  name: 'rbac',
  install(app, options) {
    app.container.bind(RbacService).toConstantValue(new RbacService(options, app.options.messages));
    app.guards.define(minimumRoleGuard);
    app.guards.define(permissionsGuard);
  },
});
