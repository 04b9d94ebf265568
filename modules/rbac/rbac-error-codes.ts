/** The codes of the rbac module's 403 answers: which check refused the caller. */
export const RBAC_ERROR_CODES = {
  /** `MinimumRole()`: the caller's role is below the one required. */
  ROLE_TOO_LOW: 'ROLE_TOO_LOW',
  /** `Permissions()`: the caller lacks a permission the route names. */
  PERMISSION_MISSING: 'PERMISSION_MISSING',
} as const;

/** One of the rbac module's error codes. */
export type RbacErrorCode = keyof typeof RBAC_ERROR_CODES;
