import { TooManyRequestsException } from '../../src/kernel';
import { AUTH_MESSAGES } from './auth-messages';

/** Logins of one username that may be in progress at once by default, across every client. */
export const DEFAULT_LOGINS_PER_USERNAME = 1;

/** Thrown when a username already has its share of logins in progress: a 429 with `Retry-After: 1`. */
export class AccountBusyException extends TooManyRequestsException {
  constructor(message: string = AUTH_MESSAGES.accountBusy) {
    super(message, 1);
  }
}

/**
 * Caps the logins of one username in progress at once (looked up, waiting for a hashing slot or
 * verifying), whatever client sends them: a flood at one account from many addresses, each under
 * its per-client limits, then holds only that many places in the hashing queue and cannot lock
 * other users out. The excess is refused before any lookup or hashing, so the answer is the
 * same whether the username exists.
 */
export class AccountLimit {
  private readonly inProgress = new Map<string, number>();

  constructor(
    readonly perUsername: number = DEFAULT_LOGINS_PER_USERNAME,
    private readonly busyMessage: string = AUTH_MESSAGES.accountBusy,
  ) {}

  /** Logins of `username` in progress now. */
  count(username: string): number {
    return this.inProgress.get(keyOf(username)) ?? 0;
  }

  /** Runs `login` unless `username` has its share in progress; rejects with `AccountBusyException` then. */
  async run<T>(username: string, login: () => Promise<T>): Promise<T> {
    const key = keyOf(username);
    const count = this.inProgress.get(key) ?? 0;
    if (count >= this.perUsername) throw new AccountBusyException(this.busyMessage);
    this.inProgress.set(key, count + 1);
    try {
      return await login();
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
