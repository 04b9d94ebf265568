import { performance } from 'node:perf_hooks';

/** Milliseconds a failed login of a username adds to its spacing, by default. */
export const DEFAULT_LOGIN_FAILURE_SPACING_MS = 1000;

/** Failed logins of a username that may be verified back to back before the spacing holds, by default. */
export const DEFAULT_LOGIN_FAILURE_BURST = 10;

/** Usernames spaced at once at most; past it the spacing inserted first is dropped. */
export const MAX_SPACED_USERNAMES = 10_000;

/**
 * Spaces the failed logins of one username from devices it does not know (a generic cell-rate
 * limit): `burst` failures may be verified back to back, then one per `spacingMs`, and an attempt
 * past that is held off for the time left. A person who mistypes a few times, or the reference's
 * five failures per client, never meets it; a flood at one account from many addresses then takes
 * at most one verification per spacing once its burst is spent, so it can neither keep a core
 * hashing nor guess quickly. Per instance, in memory; filling the cap (more usernames failing
 * within one spacing than the hashing slots could verify) drops the oldest rather than growing.
 */
export class LoginFailureSpacing {
  // The theoretical time at which the username's failures will all have been spaced out.
  private readonly until = new Map<string, number>();

  constructor(
    readonly spacingMs: number = DEFAULT_LOGIN_FAILURE_SPACING_MS,
    readonly maxUsernames: number = MAX_SPACED_USERNAMES,
    /** A monotonic clock in milliseconds; tests pass their own. */
    private readonly now: () => number = () => performance.now(),
    readonly burst: number = DEFAULT_LOGIN_FAILURE_BURST,
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
    if (until === undefined) return 0;
    return Math.max(0, until - now - (this.burst - 1) * this.spacingMs);
  }

  /** A verification of `key` failed: it uses one spacing of its allowance. */
  failed(key: string): void {
    if (this.spacingMs === 0) return;
    const now = this.now();
    this.dropExpired(now);
    const until = Math.max(this.until.get(key) ?? now, now) + this.spacingMs;
    this.until.delete(key);
    if (this.until.size >= this.maxUsernames) this.until.delete(this.until.keys().next().value as string);
    this.until.set(key, until);
  }

  /** Forgets `key`'s failures (tests, an operator unlocking an account). */
  clear(key: string): void {
    this.until.delete(key);
  }

  // Entries are re-inserted on each failure, so the front is mostly the oldest: dropping stops at
  // the first one still running, and any expired one behind it reads as 0 until it reaches the front.
  private dropExpired(now: number): void {
    for (const [key, until] of this.until) {
      if (until > now) return;
      this.until.delete(key);
    }
  }
}
