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
  // Insertion order, kept apart from the Map: taking the Map's first key walks over every entry
  // deleted since V8 last compacted it, thousands of them once a full cache keeps turning over.
  private readonly order: (string | undefined)[];
  private oldest = 0;

  constructor(
    private readonly capacity = DEFAULT_CAPACITY,
    // Read through Date each time, so a faked clock (tests) is seen.
    private readonly now: () => number = () => Date.now(),
  ) {
    this.order = new Array(capacity).fill(undefined);
  }

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
    const kept = frozenClaims(claims);
    if (this.capacity === 0) return kept;
    // The slot's token may have gone already (expired): deleting it again changes nothing.
    const evicted = this.order[this.oldest];
    if (evicted !== undefined && evicted !== token) this.entries.delete(evicted);
    this.order[this.oldest] = token;
    this.oldest = (this.oldest + 1) % this.capacity;
    this.entries.set(token, kept);
    return kept;
  }

  /** Entries held. */
  get size(): number {
    return this.entries.size;
  }
}
