/** Every message the auth module answers a client with (the reference application's wording). */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Credenciales inválidas',
  invalidRefreshToken: 'Token de actualización inválido',
  missingToken: 'Token no proporcionado',
  malformedHeader: 'Cabecera Authorization mal formada: se espera "Bearer <token>"',
  invalidToken: 'Token inválido',
  expiredToken: 'Token expirado',
  revokedToken: 'Token revocado',
  busy: 'Servidor ocupado; inténtelo de nuevo en un momento',
  sessionEnded: 'Sesión terminada',
} as const;
