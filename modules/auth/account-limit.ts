import { TooManyRequestsException } from '../../src/kernel';
import { AUTH_MESSAGES } from './auth-messages';
import { LoginFailureSpacing } from './login-failure-spacing';

/** Logins of one username that may be in progress at once by default, across every client. */
export const DEFAULT_LOGINS_PER_USERNAME = 1;

/** Thrown when a username has its share of logins in progress or failed one just now: a 429 with `Retry-After`. */
export class AccountBusyException extends TooManyRequestsException {
  constructor(message: string = AUTH_MESSAGES.accountBusy, retryAfterSeconds = 1) {
    super(message, retryAfterSeconds);
  }
}

/**
 * Caps the logins of one username in progress at once (looked up, waiting for a hashing slot or
 * verifying), whatever client sends them, and after a failed one holds the next off for a
 * spacing: a flood at one account from many addresses, each under its per-client limits, then
 * holds one place in the hashing queue at most, and that only part of the time, so it can lock
 * no other user out nor keep a core hashing. The excess is refused before any lookup or hashing,
 * and an unknown username fails and is spaced as a wrong password is, so the answer is the same
 * whether the username exists.
 */
export class AccountLimit {
  private readonly inProgress = new Map<string, number>();

  constructor(
    readonly perUsername: number = DEFAULT_LOGINS_PER_USERNAME,
    private readonly busyMessage: string = AUTH_MESSAGES.accountBusy,
    /** The spacing after a failed login; `new LoginFailureSpacing(0)` turns it off. */
    readonly spacing: LoginFailureSpacing = new LoginFailureSpacing(),
  ) {}

  /** Logins of `username` in progress now. */
  count(username: string): number {
    return this.inProgress.get(keyOf(username)) ?? 0;
  }

  /**
   * Runs `login` unless `username` has its share in progress or is spaced after a failure;
   * rejects with `AccountBusyException` then. `login` resolves null when the credentials were
   * refused (which spaces the username) and the user when they matched (which clears it).
   */
  async run<T>(username: string, login: () => Promise<T | null>): Promise<T | null> {
    const key = keyOf(username);
    const spaced = this.spacing.remaining(key);
    if (spaced > 0) throw new AccountBusyException(this.busyMessage, Math.max(1, Math.ceil(spaced / 1000)));
    const count = this.inProgress.get(key) ?? 0;
    if (count >= this.perUsername) throw new AccountBusyException(this.busyMessage);
    this.inProgress.set(key, count + 1);
    try {
      const result = await login();
      // Recorded before the place is given back, so no login of this username starts between.
      if (result === null) this.spacing.failed(key);
      else this.spacing.succeeded(key);
      return result;
    } finally {
      const left = (this.inProgress.get(key) ?? 1) - 1;
      if (left === 0) this.inProgress.delete(key);
      else this.inProgress.set(key, left);
    }
  }
}

// Case variants of one name share a count, so `Admin` and `ADMIN` do not buy a flood more places.
function keyOf(username: string): string {
  return username.toLowerCase();
}
