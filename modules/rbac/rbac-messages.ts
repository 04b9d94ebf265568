/** The texts the rbac module answers clients with; `install('rbac', { messages })` replaces any of them. */
export interface RbacMessages {
  /** 403 from `MinimumRole()`: the caller's role is below the one required. */
  roleTooLow: string;
  /** 403 from `Permissions()`: the caller lacks a permission. */
  missingPermissions: string;
  /** 401: an rbac guard reached without an authenticated caller. */
  notAuthenticated: string;
}

/** The rbac module's default texts, in Spanish (the reference application's wording). */
export const RBAC_MESSAGES: Readonly<RbacMessages> = Object.freeze({
  roleTooLow: 'Rol insuficiente',
  missingPermissions: 'Permisos insuficientes',
  notAuthenticated: 'Token no proporcionado',
});

/** The rbac module's texts in English: `createApp({ messages: 'en' })`. */
export const RBAC_MESSAGES_EN: Readonly<RbacMessages> = Object.freeze({
  roleTooLow: 'Role too low',
  missingPermissions: 'Missing permissions',
  notAuthenticated: 'No token provided',
});
