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

  constructor(claims: TokenClaims, current?: AuthenticatedUser) {
    this.#claims = claims;
    this.id = current ? current.id : claims.sub;
    this.username = (current ?? claims).username;
    this.email = (current ?? claims).email;
    this.role = (current ?? claims).role;
    // The claims are shared with later requests: the handler gets a list of its own.
    this.permissions = [...((current ?? claims).permissions ?? [])];
  }

  static claimsOf(user: AuthenticatedUser): TokenClaims | undefined {
    return #claims in user ? (user as VerifiedUser).#claims : undefined;
  }
}

/**
 * The caller as `CurrentUser()` gives it, remembering the claims it was verified from; with
 * `current` (the user as the provider has it now), its identity instead of the token's copy.
 */
export function userFromClaims(claims: TokenClaims, current?: AuthenticatedUser): AuthenticatedUser {
  return new VerifiedUser(claims, current);
}

/** The claims a user object was verified from, if the auth guard made it. */
export function claimsOf(user: AuthenticatedUser): TokenClaims | undefined {
  return VerifiedUser.claimsOf(user);
}
