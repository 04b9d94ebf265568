export { MinimumRole } from './minimum-role-decorator';
export { Permissions } from './permissions-decorator';
export { RBAC_MESSAGES, RBAC_MESSAGES_EN, type RbacMessages } from './rbac-messages';
export { rbacModule } from './rbac-module';
export type { RbacOptions, Role } from './rbac-options';
export { RbacService } from './rbac-service';
