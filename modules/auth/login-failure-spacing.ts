import { performance } from 'node:perf_hooks';

/** Milliseconds after a failed login of a username before the next may be verified, by default. */
export const DEFAULT_LOGIN_FAILURE_SPACING_MS = 1000;

/** Usernames spaced at once at most; past it the spacing nearest its end is dropped. */
export const MAX_SPACED_USERNAMES = 10_000;

/**
 * After a failed login of a username, holds the next verification of that username off for a
 * while: a flood at one account then takes at most one verification per spacing of the hashing
 * slots, not all of one. Per instance, in memory. Filling the cap takes that many failed
 * verifications within one spacing, which the hashing slots cannot run at a spacing of seconds;
 * should it fill (a spacing of hours), the oldest spacing ends early rather than memory growing.
 */
export class LoginFailureSpacing {
  // Every spacing is equally long and a failure re-inserts its key, so the Map's order is the
  // order of expiry: the expired ones sit at the front, and so does the one to drop at the cap.
  private readonly until = new Map<string, number>();

  constructor(
    readonly spacingMs: number = DEFAULT_LOGIN_FAILURE_SPACING_MS,
    readonly maxUsernames: number = MAX_SPACED_USERNAMES,
    /** A monotonic clock in milliseconds; tests pass their own. */
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Usernames spaced now, expired ones not yet dropped included. */
  get size(): number {
    return this.until.size;
  }

  /** Milliseconds before `key` may be verified again; 0 when it may be now. */
  remaining(key: string): number {
    if (this.until.size === 0) return 0;
    const now = this.now();
    this.dropExpired(now);
    const until = this.until.get(key);
    return until === undefined ? 0 : until - now;
  }

  /** A verification of `key` failed: the next waits `spacingMs` from now. */
  failed(key: string): void {
    if (this.spacingMs === 0) return;
    const now = this.now();
    this.dropExpired(now);
    this.until.delete(key);
    if (this.until.size >= this.maxUsernames) this.until.delete(this.until.keys().next().value as string);
    this.until.set(key, now + this.spacingMs);
  }

  /** A verification of `key` succeeded: it is no longer spaced. */
  succeeded(key: string): void {
    this.until.delete(key);
  }

  private dropExpired(now: number): void {
    for (const [key, until] of this.until) {
      if (until > now) return;
      this.until.delete(key);
    }
  }
}
