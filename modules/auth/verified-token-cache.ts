import type { TokenClaims } from './token-claims';

const DEFAULT_CAPACITY = 4_096;

/** A frozen copy of `claims` (and of their permissions), which nobody can change once shared. */
export function frozenClaims(claims: TokenClaims): TokenClaims {
  const { permissions } = claims;
  const copy = Array.isArray(permissions)
    ? { ...claims, permissions: Object.freeze([...permissions]) as string[] }
    : { ...claims };
  return Object.freeze(copy);
}

/**
 * Tokens whose signature was verified, by their whole text (signature included), so a client
 * presenting the same token again skips the HMAC and the parsing: most of the cost of a guarded
 * request. Expiry is checked on every read; deny-list and session checks stay with the caller.
 * The claims are frozen and shared by every read: copying them per request cost as much as the
 * lookup. Bounded: past `capacity`, the oldest entry goes.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, TokenClaims>();

  constructor(
    private readonly capacity = DEFAULT_CAPACITY,
    // Read through Date each time, so a faked clock (tests) is seen.
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The frozen claims of a remembered live token; 'expired' once its `exp` passed; undefined if unknown. */
  get(token: string): TokenClaims | 'expired' | undefined {
    const claims = this.entries.get(token);
    if (!claims) return undefined;
    // jsonwebtoken's own rule: a token is dead from the second of its `exp` on.
    if (Math.floor(this.now() / 1000) >= claims.exp) {
      this.entries.delete(token);
      return 'expired';
    }
    return claims;
  }

  /** Remembers a token just verified; returns the frozen copy of its claims it keeps. */
  set(token: string, claims: TokenClaims): TokenClaims {
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    const kept = frozenClaims(claims);
    this.entries.set(token, kept);
    return kept;
  }

  /** Entries held. */
  get size(): number {
    return this.entries.size;
  }
}
