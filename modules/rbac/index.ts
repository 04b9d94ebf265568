export { rbacModule } from './rbac-module';
export type { RbacOptions, Role } from './rbac-options';
export { RbacService } from './rbac-service';
export { REFERENCE_PERMISSIONS, REFERENCE_ROLES } from './reference-sets';
