import type { AuthenticatedUser } from '../../src/routing/request-context';

/** An access token opens routes; a refresh token only buys a new pair. Neither works as the other. */
export type TokenType = 'access' | 'refresh';

/** What every token carries. */
export interface TokenClaims {
  /** The user id, with the type the user provider gave it. */
  sub: AuthenticatedUser['id'];
  username: string;
  email?: string;
  role: string;
  permissions: string[];
  type: TokenType;
  /** The session the token belongs to. */
  sid: string;
  /** Unique per token: what the deny-list and refresh rotation track. */
  jti: string;
  iat: number;
  exp: number;
}

/** A fresh access token and the refresh token that replaces it. */
export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

/** What `AuthService.login` gives: a token pair and the caller as `CurrentUser()` will see it. */
export interface LoginResult extends TokenPair {
  user: AuthenticatedUser;
}
