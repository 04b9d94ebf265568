import type { TokenClaims } from './token-claims';

const DEFAULT_CAPACITY = 4_096;

// A copy per call, as a fresh verification gives: callers may change what they get.
function copy(claims: TokenClaims): TokenClaims {
  const { permissions } = claims;
  return Array.isArray(permissions) ? { ...claims, permissions: [...permissions] } : { ...claims };
}

/**
 * Tokens whose signature was verified, by their whole text (signature included), so a client
 * presenting the same token again skips the HMAC and the parsing: most of the cost of a guarded
 * request. Expiry is checked on every read; deny-list and session checks stay with the caller.
 * Bounded: past `capacity`, the oldest entry goes.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, TokenClaims>();

  constructor(
    private readonly capacity = DEFAULT_CAPACITY,
    // Read through Date each time, so a faked clock (tests) is seen.
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Fresh claims of a remembered live token; 'expired' once its `exp` passed; undefined if unknown. */
  get(token: string): TokenClaims | 'expired' | undefined {
    const claims = this.entries.get(token);
    if (!claims) return undefined;
    // jsonwebtoken's own rule: a token is dead from the second of its `exp` on.
    if (Math.floor(this.now() / 1000) >= claims.exp) {
      this.entries.delete(token);
      return 'expired';
    }
    return copy(claims);
  }

  /** Remembers a token just verified, with a private copy of its claims. */
  set(token: string, claims: TokenClaims): void {
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(token, copy(claims));
  }

  /** Entries held. */
  get size(): number {
    return this.entries.size;
  }
}
