import type { AuthenticatedUser } from './caller';
import type { TokenClaims } from './token-claims';

/**
 * The caller as the auth guard hands it out. The verified claims stay beside it in a private
 * field, invisible to handlers and to JSON, so that `logout(user)` can find the session and the
 * access token it came with.
 */
class VerifiedUser implements AuthenticatedUser {
  readonly #claims: TokenClaims;
  id: AuthenticatedUser['id'];
  username: string;
  email?: string;
  role: string;
  permissions: string[];

  constructor(claims: TokenClaims) {
    this.#claims = claims;
    this.id = claims.sub;
    this.username = claims.username;
    this.email = claims.email;
    this.role = claims.role;
    // The claims are shared with later requests: the handler gets a list of its own.
    this.permissions = [...(claims.permissions ?? [])];
  }

  static claimsOf(user: AuthenticatedUser): TokenClaims | undefined {
    return #claims in user ? (user as VerifiedUser).#claims : undefined;
  }
}

/** The caller as `CurrentUser()` gives it, remembering the claims it was verified from. */
export function userFromClaims(claims: TokenClaims): AuthenticatedUser {
  return new VerifiedUser(claims);
}

/** The claims a user object was verified from, if the auth guard made it. */
export function claimsOf(user: AuthenticatedUser): TokenClaims | undefined {
  return VerifiedUser.claimsOf(user);
}
