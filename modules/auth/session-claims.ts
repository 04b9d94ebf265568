import type { AuthenticatedUser } from '../../src/routing/request-context';
import type { TokenClaims } from './token-claims';

// The verified claims stay beside the user object the guard hands out, invisible to handlers and
// to JSON, so that `logout(user)` can find the session and the access token it came with.
const claimsByUser = new WeakMap<AuthenticatedUser, TokenClaims>();

/** The caller as `CurrentUser()` gives it, remembering the claims it was verified from. */
export function userFromClaims(claims: TokenClaims): AuthenticatedUser {
  const user: AuthenticatedUser = {
    id: claims.sub,
    username: claims.username,
    email: claims.email,
    role: claims.role,
    permissions: claims.permissions,
  };
  claimsByUser.set(user, claims);
  return user;
}

/** The claims a user object was verified from, if the auth guard made it. */
export function claimsOf(user: AuthenticatedUser): TokenClaims | undefined {
  return claimsByUser.get(user);
}
