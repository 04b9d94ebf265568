import { TooManyRequestsException } from '../../src/kernel';
import { type RateLimitState, rateLimitFields } from '../../src/rate-limit';
import { AUTH_MESSAGES } from './auth-messages';
import type { KnownDevice } from './device-cookie';
import { DeviceFailures } from './device-failures';
import { LoginFailureSpacing } from './login-failure-spacing';

/** Logins of one username that may be in progress at once by default, across every client. */
export const DEFAULT_LOGINS_PER_USERNAME = 1;

/** Thrown when a username has its share of logins in progress or its failures are spaced: a 429 with `Retry-After`. */
export class AccountBusyException extends TooManyRequestsException {
  constructor(message: string = AUTH_MESSAGES.accountBusy, retryAfterSeconds = 1, limit?: RateLimitState) {
    super(message, retryAfterSeconds, limit ? { headers: rateLimitFields(limit) } : undefined);
  }
}

/**
 * Thrown when a known device already has a login of its own in progress: a 429 with
 * `Retry-After: 1` that is not a failed login (it costs nothing, and counting it would let a slow
 * answer lock the device's owner out of the per-client limits).
 */
export class DeviceBusyException extends TooManyRequestsException {
  constructor(message: string = AUTH_MESSAGES.accountBusy, limit?: RateLimitState) {
    super(message, 1, limit ? { headers: rateLimitFields(limit) } : undefined);
  }
}

/**
 * The account-wide protection of logins, after OWASP's device cookies. An attempt from a device
 * that has logged in as that user before (a valid device cookie, not locked out) is judged by that
 * device's own failures only: a flood at the account from elsewhere never refuses it. Every other
 * attempt shares the account's protection: at most `perUsername` of them in progress at once
 * (looked up, waiting for a hashing slot or verifying), and their failures spaced
 * (`LoginFailureSpacing`: a burst, then one per spacing). A flood at one account from many
 * addresses, each under its per-client limits, then holds one place in the hashing queue at most
 * and takes one verification per spacing: it can lock no other user out, nor the owner on a known
 * device, nor keep a core hashing. The excess is refused before any lookup or hashing, and an
 * unknown username fails and is spaced as a wrong password is, so the answer is the same whether
 * the username exists.
 */
export class AccountLimit {
  private readonly inProgress = new Map<string, number>();

  constructor(
    readonly perUsername: number = DEFAULT_LOGINS_PER_USERNAME,
    private readonly busyMessage: string = AUTH_MESSAGES.accountBusy,
    /** The spacing of failures from unknown devices; `new LoginFailureSpacing(0)` turns it off. */
    readonly spacing: LoginFailureSpacing = new LoginFailureSpacing(),
    /** The failures of each known device. */
    readonly devices: DeviceFailures = new DeviceFailures(),
  ) {}

  /** Logins of `username` from unknown devices in progress now. */
  count(username: string): number {
    return this.inProgress.get(keyOf(username)) ?? 0;
  }

  /** Whether an attempt carrying `device` is judged as that known device's (not locked out). */
  trusts(device: KnownDevice | undefined): device is KnownDevice {
    return device !== undefined && !this.devices.lockedOut(device.id);
  }

  /**
   * Runs `login` unless the protection that judges it refuses: rejects with
   * `AccountBusyException` then. `login` resolves null when the credentials were refused (a
   * failure of the device, or of the account when the device is unknown) and the user otherwise.
   */
  async run<T>(username: string, login: () => Promise<T | null>, device?: KnownDevice): Promise<T | null> {
    if (this.trusts(device)) {
      const { id } = device;
      return this.within(`device:${id}`, login, () => this.devices.failed(id), true);
    }
    const key = keyOf(username);
    const spaced = this.spacing.remaining(key);
    if (spaced > 0) {
      const seconds = Math.max(1, Math.ceil(spaced / 1000));
      const { burst, spacingMs } = this.spacing;
      throw new AccountBusyException(this.busyMessage, seconds, {
        name: 'account-failures',
        limit: burst,
        windowSeconds: (burst * spacingMs) / 1000,
        remaining: 0,
        resetSeconds: seconds,
      });
    }
    return this.within(key, login, () => this.spacing.failed(key), false);
  }

  // At most `perUsername` logins under `key` in progress. A failure is recorded before the place
  // is given back, so no login under this key starts between.
  private async within<T>(
    key: string,
    login: () => Promise<T | null>,
    failed: () => void,
    device: boolean,
  ): Promise<T | null> {
    const count = this.inProgress.get(key) ?? 0;
    if (count >= this.perUsername) {
      const limit = {
        name: device ? 'device-logins-in-progress' : 'account-logins-in-progress',
        limit: this.perUsername,
        windowSeconds: 1,
        remaining: 0,
        resetSeconds: 1,
      };
      throw device
        ? new DeviceBusyException(this.busyMessage, limit)
        : new AccountBusyException(this.busyMessage, 1, limit);
    }
    this.inProgress.set(key, count + 1);
    try {
      const result = await login();
      if (result === null) failed();
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
