import type { AuthenticatedUser } from './caller';

/** An access token opens routes; a refresh token only buys a new pair. Neither works as the other. */
export type TokenType = 'access' | 'refresh';

/** What every token carries. */
export interface TokenClaims {
  /** The user id, with the type the user provider gave it. */
  sub: AuthenticatedUser['id'];
  /** The user's name. */
  username: string;
  /** The user's e-mail address, when known. */
  email?: string;
  /** The user's role when the token was issued. */
  role: string;
  /** The user's permissions when the token was issued. */
  permissions: string[];
  /** Access or refresh. */
  type: TokenType;
  /** The session the token belongs to. */
  sid: string;
  /** Unique per token: what the deny-list and refresh rotation track. */
  jti: string;
  /** When it was issued (seconds since the epoch). */
  iat: number;
  /** When the token expires (seconds since the epoch). */
  exp: number;
}

/** A fresh access token and the refresh token that replaces it. */
export interface TokenPair {
  /** A JWT for `Authorization: Bearer`. */
  accessToken: string;
  /** A JWT to trade for a new pair, once. */
  refreshToken: string;
}

/** What `AuthService.login` gives: a token pair and the caller as `CurrentUser()` will see it. */
export interface LoginResult extends TokenPair {
  /** Who logged in, as `CurrentUser()` will see them. */
  user: AuthenticatedUser;
}
