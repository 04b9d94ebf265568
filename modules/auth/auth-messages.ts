/** The texts the auth module answers clients with; `install('auth', { messages })` replaces any of them. */
export interface AuthMessages {
  /** 401 from `login`: unknown user or wrong password. */
  invalidCredentials: string;
  /** 401 from `refresh`: a bad, used or orphaned refresh token. */
  invalidRefreshToken: string;
  /** 401: a guarded route called without a token. */
  missingToken: string;
  /** 401: an `Authorization` header that is not `<scheme> <token>` with an accepted scheme (`Bearer`). */
  malformedHeader: string;
  /** 401: a token with a bad signature, or a refresh token used as an access token. */
  invalidToken: string;
  /** 401: an access token past its expiry. */
  expiredToken: string;
  /** 401: an access token of a session that ended (logout, refresh replay, revocation). */
  revokedToken: string;
  /** 503: the password hashing queue is full. */
  busy: string;
  /**
   * 429: the username already has its share of logins in progress (`loginsPerUsername`), or failed
   * a login less than `loginFailureSpacingMs` ago.
   */
  accountBusy: string;
  /** 200 from the mounted `POST <prefix>/logout`. */
  loggedOut: string;
  /** 429 from the mounted `POST <prefix>/login` once failed logins reach the limit. */
  tooManyLogins: string;
  /** 404 from the mounted `GET <prefix>/me` when the caller's user no longer exists. */
  userNotFound: string;
}

/** The auth module's default texts, in Spanish (the reference application's wording). */
export const AUTH_MESSAGES: Readonly<AuthMessages> = Object.freeze({
  invalidCredentials: 'Credenciales inválidas',
  invalidRefreshToken: 'Token de actualización inválido',
  missingToken: 'Token no proporcionado',
  malformedHeader: 'Cabecera Authorization mal formada: se espera "Bearer <token>"',
  invalidToken: 'Token inválido',
  expiredToken: 'Token expirado',
  revokedToken: 'Token revocado',
  busy: 'Servidor ocupado; inténtelo de nuevo en un momento',
  accountBusy: 'Demasiados intentos de acceso a esta cuenta; inténtelo de nuevo en un momento',
  loggedOut: 'Sesión cerrada exitosamente',
  tooManyLogins: 'Demasiados intentos de inicio de sesión; inténtelo más tarde',
  userNotFound: 'Usuario no encontrado',
});

/** The auth module's texts in English: `createApp({ messages: 'en' })`. */
export const AUTH_MESSAGES_EN: Readonly<AuthMessages> = Object.freeze({
  invalidCredentials: 'Invalid credentials',
  invalidRefreshToken: 'Invalid refresh token',
  missingToken: 'No token provided',
  malformedHeader: 'Malformed Authorization header: expected "Bearer <token>"',
  invalidToken: 'Invalid token',
  expiredToken: 'Token expired',
  revokedToken: 'Token revoked',
  busy: 'Server busy; try again in a moment',
  accountBusy: 'Too many sign-in attempts on this account; try again in a moment',
  loggedOut: 'Logged out',
  tooManyLogins: 'Too many login attempts; try again later',
  userNotFound: 'User not found',
});
