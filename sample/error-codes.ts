import { RBAC_ERROR_CODES } from './trellis';

/** The sample's own error codes, beside the generic ones: why a user or task change was refused. */
export const SAMPLE_ERROR_CODES = {
  /** 403: granting a role above the caller's own. */
  ROLE_ABOVE_OWN: 'ROLE_ABOVE_OWN',
  /** 403: changing a user whose role is above the caller's. */
  TARGET_ABOVE_OWN: 'TARGET_ABOVE_OWN',
  /** 403: granting permissions the caller does not hold. */
  PERMISSIONS_NOT_HELD: 'PERMISSIONS_NOT_HELD',
  /** 403: a change that needs one more permission (`users.change_role`, `tasks.assign`). */
  PERMISSION_MISSING: RBAC_ERROR_CODES.PERMISSION_MISSING,
  /** 400: deleting one's own account. */
  CANNOT_DELETE_SELF: 'CANNOT_DELETE_SELF',
} as const;
