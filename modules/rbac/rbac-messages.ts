/** Every message the rbac module answers a client with. */
export const RBAC_MESSAGES = {
  roleTooLow: 'Rol insuficiente',
  missingPermissions: 'Permisos insuficientes',
  notAuthenticated: 'Token no proporcionado',
} as const;
