import { errorFactory } from '../../src/kernel';

/** The rbac module's configuration errors: code and message template, each documented in docs/errors.md. */
export const RBAC_ERRORS = {
  TRELLIS_ERR_UNKNOWN_ROLE: (role: string, known: string) =>
    `rbac: unknown role '${role}' (known roles: ${known})`,
  TRELLIS_ERR_UNKNOWN_PERMISSION: (permissions: string) =>
    `rbac: unknown permission ${permissions}; add it to the rbac permissions`,
};

/** Builds the `TrellisError` of one of the rbac module's codes from its message template's arguments. */
export const rbacError = errorFactory(RBAC_ERRORS);
